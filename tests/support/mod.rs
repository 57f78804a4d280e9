//! Helpers shared by the integration tests that drive the binary.
#![allow(dead_code)]

pub mod engine;
