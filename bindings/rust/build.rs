//! Links libnavrouter.so: from NAVROUTER_LIB_DIR, else the repository's build/lib (scripts/build-library.sh), with
//! an rpath so that the tests and examples find it at run time.

use std::env;
use std::path::PathBuf;

fn main() {
    let directory = env::var("NAVROUTER_LIB_DIR").map(PathBuf::from).unwrap_or_else(|_| {
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("../../build/lib")
    });
    println!("cargo:rerun-if-env-changed=NAVROUTER_LIB_DIR");
    println!("cargo:rustc-link-search=native={}", directory.display());
    println!("cargo:rustc-link-lib=dylib=navrouter");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", directory.display());
}
