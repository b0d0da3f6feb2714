//! Bindings for the poly operations (see www/worker.js for the calling convention).
