//! docs/rust.md's quick start is the example the test command runs (`examples/quick_start.rs`), word for word.

#[test]
fn the_quick_start_in_the_docs_is_the_example() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("../../docs/rust.md")).unwrap();
    let example = std::fs::read_to_string(root.join("examples/quick_start.rs")).unwrap();
    let start = page.find("```rust\n").expect("a rust block") + "```rust\n".len();
    let end = start + page[start..].find("```").expect("its end");
    assert_eq!(
        &page[start..end],
        example,
        "docs/rust.md's block differs from examples/quick_start.rs"
    );
}

#[test]
fn the_readme_rust_example_is_the_example() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("../../README.md")).unwrap();
    let example = std::fs::read_to_string(root.join("examples/readme.rs")).unwrap();
    let start = readme.find("```rust\n").expect("a rust block in the README") + "```rust\n".len();
    let end = start + readme[start..].find("```").expect("its end");
    assert_eq!(
        &readme[start..end],
        example,
        "the README's block differs from examples/readme.rs"
    );
}
