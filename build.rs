//! Rebuild when migrations or catalogues change: `embed_migrations!` and fluent's
//! `static_loader!` read them at compile time but do not tell cargo.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=locales");
    println!("cargo:rerun-if-changed=static");
}
