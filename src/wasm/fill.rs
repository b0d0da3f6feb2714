//! Bindings for the fill operations (see www/worker.js for the calling convention).
