//! Drift check against the C headers of this tree: every function and every predefined
//! handle that weft.h, weft/algebra.h, weft/sparse.h and weft/graph.h declare is declared
//! in `sys`, and every enumerator with its value; the crate's tables of predefined
//! operators, monoids and semirings are the header's X-macro lists, in their order; and
//! every function of weft/sparse.h and weft/graph.h is used by the safe layer
//! (`weft::sparse`, `weft::graph`) or listed in [`UNBOUND`] with the reason. The lists
//! are expanded by the C preprocessor (`cc -E`); outside this tree, or without `cc`, the
//! test says so and passes.
use std::path::PathBuf;
use std::process::Command;

use weft::{BinaryOp, IndexUnaryOp, Monoid, Semiring, UnaryOp};

/// The functions of weft/sparse.h and weft/graph.h that the safe API deliberately does
/// not call (they are declared in `sys`), with the reason.
const UNBOUND: &[(&str, &str)] = &[
    (
        "weft_descriptor_new",
        "sparse::Descriptor is plain flags mapped onto the 31 predefined WEFT_DESC_* descriptors,          so no C descriptor object is ever made (src/sparse/descriptor.rs tests the mapping with          weft_descriptor_get and the object API through sys)",
    ),
    ("weft_descriptor_set", "as weft_descriptor_new"),
    ("weft_descriptor_get", "as weft_descriptor_new"),
    ("weft_descriptor_free", "as weft_descriptor_new"),
];

/// The Rust sources of the crate outside `sys`, without their unit tests (a
/// `#[cfg(test)]` module at the end of a file): where the safe layer calls C.
fn safe_layer_sources(dir: &std::path::Path, out: &mut String) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.file_name().map_or(false, |n| n != "sys") {
                safe_layer_sources(&p, out);
            }
        } else if p.extension().map_or(false, |e| e == "rs") && p.file_name().map_or(false, |n| n != "sys.rs") {
            let text = std::fs::read_to_string(&p).unwrap();
            out.push_str(text.split("\n#[cfg(test)]").next().unwrap());
        }
    }
}

/// The header's lists, expanded: each list's C names in order.
fn expand_lists(include: &PathBuf) -> Option<Vec<(char, String)>> {
    // Each marker macro writes "@<kind> <C name>", the name pasted as the header's own
    // declaration macros paste it.
    let snippet = "#include \"weft.h\"\n\
        #define T1(n) @T WEFT_##n\n\
        #define U2(op, t) @U WEFT_##op##_##t\n\
        #define B1(op) @B WEFT_##op\n\
        #define B2(op, t) @B WEFT_##op##_##t\n\
        #define I1(op) @I WEFT_##op\n\
        #define I2(op, t) @I WEFT_##op##_##t\n\
        #define M2(op, t) @M WEFT_##op##_MONOID_##t\n\
        #define S2(n, t) @S WEFT_##n##_SEMIRING_##t\n\
        #define D1(n) @D WEFT_DESC_##n\n\
        WEFT_PREDEFINED_LIST(T1)\n\
        WEFT_PREDEFINED_UNARY_OPS(U2) @U WEFT_LNOT\n\
        WEFT_PREDEFINED_BINARY_OPS(B2) WEFT_PREDEFINED_BOOL_BINARY_OPS(B1)\n\
        WEFT_PREDEFINED_INDEX_UNARY_OPS(I2) WEFT_PREDEFINED_POSITIONAL_OPS(I1)\n\
        WEFT_PREDEFINED_MONOIDS(M2)\n\
        WEFT_PREDEFINED_SEMIRINGS(S2)\n\
        WEFT_PREDEFINED_DESCRIPTORS(D1)\n";
    let dir = std::env::temp_dir().join(format!("weft-header-coverage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let src = dir.join("lists.c");
    std::fs::write(&src, snippet).ok()?;
    let out = Command::new("cc")
        .arg("-E")
        .arg("-P")
        .arg("-I")
        .arg(include)
        .arg(&src)
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    let out = out.ok().filter(|o| o.status.success())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut names = Vec::new();
    for piece in text.split('@').skip(1) {
        let mut words = piece.split_whitespace();
        let kind = words.next()?.chars().next()?;
        names.push((kind, words.next()?.to_string()));
    }
    Some(names)
}

/// The names a header declares outside the lists: `weft_*` functions and handles
/// declared one by one (`extern WEFT_API const weft_type WEFT_FP32;`).
fn declarations(header: &str) -> (Vec<String>, Vec<String>) {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let (mut functions, mut handles) = (Vec::new(), Vec::new());
    for (at, _) in header.match_indices("WEFT_API") {
        let rest = &header[at..];
        let stop = rest.find(&['(', ';'][..]).unwrap_or(rest.len());
        let head = &rest[..stop];
        let last: String = head
            .chars()
            .rev()
            .take_while(|&c| ident(c))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let paren = rest[stop..].starts_with('(');
        if paren && last.starts_with("weft_") {
            functions.push(last);
        } else if !paren && last.starts_with("WEFT_") && head.starts_with("WEFT_API const ") {
            handles.push(last);
        }
    }
    (functions, handles)
}

/// The enumerators a header declares with their values (`enum weft_format { WEFT_FORMAT_CSR
/// = 0, ... }`; an enumerator without `= value` is the previous one's plus 1). Enums
/// written with a macro list (`enum weft_status_code`) are left out: sys declares those
/// from the list.
fn enumerators(header: &str) -> Vec<(String, i64)> {
    // The header without its comments.
    let mut text = String::new();
    let mut rest = header;
    while let Some(at) = rest.find("/*") {
        text.push_str(&rest[..at]);
        rest = rest[at..].find("*/").map_or("", |end| &rest[at + end + 2..]);
    }
    text.push_str(rest);
    let mut out = Vec::new();
    for (at, _) in text.match_indices("enum weft_") {
        let body = match (text[at..].find('{'), text[at..].find('}')) {
            (Some(open), Some(close)) if open < close => &text[at + open + 1..at + close],
            _ => continue,
        };
        if body.contains('(') {
            continue;
        }
        let mut next = 0i64;
        for item in body.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (name, value) = match item.split_once('=') {
                Some((n, v)) => (n.trim(), v.trim().parse::<i64>().expect(item)),
                None => (item, next),
            };
            out.push((name.to_string(), value));
            next = value + 1;
        }
    }
    out
}

#[test]
fn sys_and_tables_cover_the_headers() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let include = root.join("capi/include");
    let headers = (
        std::fs::read_to_string(include.join("weft.h")),
        std::fs::read_to_string(include.join("weft/algebra.h")),
        std::fs::read_to_string(include.join("weft/sparse.h")),
        std::fs::read_to_string(include.join("weft/graph.h")),
    );
    let (weft_h, algebra_h, sparse_h, graph_h) = match headers {
        (Ok(a), Ok(b), Ok(c), Ok(d)) => (a, b, c, d),
        _ => {
            println!("header_coverage: no capi/include in this tree: skipped");
            return;
        }
    };
    let lists = match expand_lists(&include) {
        Some(l) => l,
        None => {
            println!("header_coverage: no C preprocessor (cc -E): skipped");
            return;
        }
    };
    let sys = concat!(
        include_str!("../src/sys.rs"),
        include_str!("../src/sys/sparse.rs"),
        include_str!("../src/sys/graph.rs")
    );
    let mut missing = Vec::new();
    for h in [&weft_h, &algebra_h, &sparse_h, &graph_h] {
        let (functions, handles) = declarations(h);
        assert!(!functions.is_empty());
        for f in functions {
            if !sys.contains(&format!("pub fn {f}(")) {
                missing.push(f);
            }
        }
        for n in handles {
            if !sys.contains(&format!("pub static {n}:")) {
                missing.push(n);
            }
        }
        for (n, v) in enumerators(h) {
            if !sys.contains(&format!("pub const {n}: c_int = {v};")) {
                missing.push(format!("{n} = {v}"));
            }
        }
    }
    assert!(
        enumerators(&graph_h).iter().any(|(n, v)| n == "WEFT_TC_SANDIA_ULT" && *v == 6),
        "weft/graph.h enumerators: {:?}",
        enumerators(&graph_h)
    );
    for (_, n) in &lists {
        if !sys.contains(&format!("pub static {n}:")) {
            missing.push(n.clone());
        }
    }
    assert!(
        missing.is_empty(),
        "declared in the headers, not in sys.rs: {missing:?}"
    );

    // weft/sparse.h and weft/graph.h: every function called by the safe layer, or listed
    // as unbound.
    let mut safe = String::new();
    safe_layer_sources(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src"), &mut safe);
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let used = |f: &str| {
        let pat = format!("sys::{f}");
        safe.match_indices(&pat)
            .any(|(at, _)| !safe[at + pat.len()..].starts_with(ident))
    };
    let (sparse_functions, _) = declarations(&sparse_h);
    assert!(
        sparse_functions.len() > 80,
        "weft/sparse.h functions: {}",
        sparse_functions.len()
    );
    let (graph_functions, _) = declarations(&graph_h);
    assert!(graph_functions.len() >= 6, "weft/graph.h functions: {graph_functions:?}");
    let bound_functions: Vec<String> = sparse_functions.iter().chain(&graph_functions).cloned().collect();
    let mut unbound = Vec::new();
    for f in &bound_functions {
        let listed = UNBOUND.iter().any(|(n, _)| n == f);
        match (used(f), listed) {
            (true, true) => panic!("{f} is used by the safe layer but listed in UNBOUND"),
            (false, false) => unbound.push(f.clone()),
            _ => {}
        }
    }
    assert!(
        unbound.is_empty(),
        "weft/sparse.h and weft/graph.h functions neither bound nor listed in UNBOUND: {unbound:?}"
    );
    for (n, _) in UNBOUND {
        assert!(
            bound_functions.iter().any(|f| f == n),
            "UNBOUND lists {n}, which neither weft/sparse.h nor weft/graph.h declares"
        );
    }

    // The tables, by their C names, against the lists.
    let list = |k: char| -> Vec<String> {
        lists
            .iter()
            .filter(|(kind, _)| *kind == k)
            .map(|(_, n)| n.clone())
            .collect()
    };
    let named = |debug: String| debug[debug.find('(').unwrap() + 1..debug.len() - 1].to_string();
    let unary: Vec<String> = UnaryOp::PREDEFINED
        .iter()
        .map(|&(o, p)| named(format!("{:?}", UnaryOp::predefined(o, p).unwrap())))
        .collect();
    let binary: Vec<String> = BinaryOp::PREDEFINED
        .iter()
        .map(|&(o, p)| named(format!("{:?}", BinaryOp::predefined(o, p).unwrap())))
        .collect();
    let index: Vec<String> = IndexUnaryOp::PREDEFINED
        .iter()
        .map(|&(o, t)| named(format!("{:?}", IndexUnaryOp::predefined(o, t).unwrap())))
        .collect();
    let monoids: Vec<String> = Monoid::PREDEFINED
        .iter()
        .map(|&(o, p)| named(format!("{:?}", Monoid::predefined(o, p).unwrap())))
        .collect();
    let semirings: Vec<String> = Semiring::PREDEFINED
        .iter()
        .map(|&(a, m, p)| named(format!("{:?}", Semiring::predefined(a, m, p).unwrap())))
        .collect();
    assert_eq!(unary, list('U'));
    assert_eq!(binary, list('B'));
    assert_eq!(index, list('I'));
    assert_eq!(monoids, list('M'));
    assert_eq!(semirings, list('S'));
    assert_eq!(list('T').len(), 36, "WEFT_PREDEFINED_LIST");
    assert_eq!(list('D').len(), 31, "WEFT_PREDEFINED_DESCRIPTORS");
}
