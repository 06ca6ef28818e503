//! Benchmarks and strength tools for tengen.
