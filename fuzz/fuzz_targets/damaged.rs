#![no_main]
//! See tests/fuzzing/checks.rs.

#[path = "../../tests/fuzzing/checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::damaged(data));
