//! Bindings for the sudoku_logic operations (see www/worker.js for the calling convention).
