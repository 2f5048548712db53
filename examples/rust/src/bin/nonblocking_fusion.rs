//! Nonblocking mode: the same element-wise chain run fused.
//!
//! ```text
//! nonblocking_fusion [N]        (N entries, default 1000000)
//! ```
//!
//! w = max(|(x + y) .* x|, y) on two dense vectors, written as four calls with three
//! intermediates that are dropped before w is read. In [`Mode::Nonblocking`] the calls
//! are only checked and queued; reading w (here `w.wait`) runs them as one fused pass
//! over memory, tile by tile, and t1..t3 are never written at all. [`sparse::stat`]
//! tells what happened; the result is checked against a plain loop. The Rust twin of
//! examples/c/nonblocking_fusion.c: exits with 1 on a mismatch, 2 on an error.
use std::process::exit;

use weft::sparse::{self, Mode, Options, Stat, Vector, WaitMode};
use weft::{BinaryOp, BinaryOpcode, UnaryOp, UnaryOpcode};
use weft_examples::graph::or_exit;

fn xval(i: i64) -> f64 {
    (i % 13) as f64 - 6.0
}

fn yval(i: i64) -> f64 {
    ((i * 7) % 11) as f64 - 5.0
}

/// A dense vector of n entries, v(i) = f(i).
fn dense(n: i64, f: fn(i64) -> f64) -> Vector<f64> {
    let indices: Vec<i64> = (0..n).collect();
    let values: Vec<f64> = indices.iter().map(|&i| f(i)).collect();
    let v = or_exit(Vector::<f64>::new(n), "Vector::new");
    or_exit(v.build(&indices, &values, None), "Vector::build");
    v
}

/// Every counter of the queue, in `Stat::ALL`'s order.
fn counters() -> Vec<i64> {
    Stat::ALL.iter().map(|&s| or_exit(sparse::stat(s), "stat")).collect()
}

fn main() {
    let n: i64 = match std::env::args().nth(1) {
        None => 1_000_000,
        Some(s) => match s.parse() {
            Ok(n) if n >= 1 => n,
            _ => {
                eprintln!("usage: nonblocking_fusion [N >= 1]");
                exit(2)
            }
        },
    };
    or_exit(sparse::init(Mode::Nonblocking), "init"); // before any object exists
    let (x, y) = (dense(n, xval), dense(n, yval));
    or_exit(x.wait(WaitMode::Materialize), "x.wait");
    or_exit(y.wait(WaitMode::Materialize), "y.wait");

    // The predefined operators (of: None only for an opcode the type lacks).
    let plus = BinaryOp::of::<f64>(BinaryOpcode::Plus).unwrap();
    let times = BinaryOp::of::<f64>(BinaryOpcode::Times).unwrap();
    let max = BinaryOp::of::<f64>(BinaryOpcode::Max).unwrap();
    let abs = UnaryOp::of::<f64>(UnaryOpcode::Abs).unwrap();
    let none = Options::new();

    let before = counters();
    let w = or_exit(Vector::<f64>::new(n), "Vector::new");
    {
        let t1 = or_exit(Vector::<f64>::new(n), "Vector::new");
        let t2 = or_exit(Vector::<f64>::new(n), "Vector::new");
        let t3 = or_exit(Vector::<f64>::new(n), "Vector::new");
        or_exit(t1.ewise_add(&plus, &x, &y, &none), "t1 = x + y");
        or_exit(t2.ewise_mult(&times, &t1, &x, &none), "t2 = t1 .* x");
        or_exit(t3.apply(&abs, &t2, &none), "t3 = |t2|");
        or_exit(w.ewise_add(&max, &t3, &y, &none), "w = max(t3, y)");
    } // t1, t2, t3 dropped (freed) unread
    or_exit(w.wait(WaitMode::Materialize), "w.wait"); // runs the four, fused

    let after = counters();
    let grew = |s: Stat| after[s.raw() as usize] - before[s.raw() as usize];
    let names = [
        "queued",
        "passes over memory",
        "fused groups",
        "operations fused",
        "results never written",
        "bytes written",
    ];
    println!("w = max(|(x + y) .* x|, y) on {n} entries, nonblocking:");
    for (name, &s) in names.iter().zip(Stat::ALL) {
        println!("  {:<22} {}", name, grew(s));
    }

    // The result, against a plain loop.
    let mut bad = or_exit(w.nvals(), "nvals") != n;
    let mut i = 0;
    while i < n && !bad {
        let got = or_exit(w.get(i), "get");
        let want = ((xval(i) + yval(i)) * xval(i)).abs().max(yval(i));
        bad = got != Some(want);
        i += 997;
    }
    // One pass, four operations fused, three intermediates never written.
    bad = bad || grew(Stat::FusedOps) != 4 || grew(Stat::Skipped) != 3;
    println!(
        "{}",
        if bad {
            "MISMATCH"
        } else {
            "checked: the values of a plain loop; 4 operations in 1 pass"
        }
    );
    drop((w, x, y));
    or_exit(sparse::finalize(), "finalize");
    exit(i32::from(bad));
}
