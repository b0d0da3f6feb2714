//! Bindings for the voltorb operations (see www/worker.js for the calling convention).
