//! The shared sparse cases (tests/cases/README.md): reads the case file named by
//! `WEFT_SPARSE_CASES`, makes each GraphBLAS call through `weft::sparse`, compares the
//! output with the expected one exactly, and fails listing every mismatch. Without the
//! variable it says it was skipped and passes; with it, a missing or malformed file
//! fails.
//!
//! The cases' collections have run-time types (BOOL, INT32, INT64, FP64), so each is
//! held in an enum over the four element types; inputs and masks are passed as
//! `&dyn Input<S>`, and only the output's type is matched to call the method.
use std::collections::HashMap;
use std::fmt;

use weft::sparse::{
    Descriptor, Indices, Input, Matrix, MatrixShape, Options, Scalar, ScalarInput, Vector, VectorShape,
};
use weft::{BinaryOp, IndexUnaryOp, Monoid, Semiring, UnaryOp};

// ---- The file ----------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
enum Ty {
    Bool,
    Int32,
    Int64,
    Fp64,
}

/// A value as the file writes it, typed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Val {
    Bool(bool),
    Int32(i32),
    Int64(i64),
    Fp64(f64),
}

impl fmt::Display for Val {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Val::Bool(b) => write!(f, "{}", u8::from(*b)),
            Val::Int32(x) => write!(f, "{x}"),
            Val::Int64(x) => write!(f, "{x}"),
            Val::Fp64(x) => write!(f, "{x:?}"),
        }
    }
}

struct MatrixSpec {
    nrows: i64,
    ncols: i64,
    ty: Ty,
    entries: Vec<(i64, i64, Val)>,
}
struct VectorSpec {
    n: i64,
    ty: Ty,
    entries: Vec<(i64, Val)>,
}
enum CollSpec {
    M(MatrixSpec),
    V(VectorSpec),
}
struct ScalarSpec {
    ty: Ty,
    value: Option<Val>,
}
enum IndexSpec {
    List(Vec<i64>),
    All,
}

struct Case {
    id: String,
    op: String,
    line: usize,
    object: Option<String>,
    accum: Option<String>,
    desc: Descriptor,
    colls: HashMap<String, CollSpec>,
    scalars: HashMap<String, ScalarSpec>,
    indices: HashMap<String, IndexSpec>,
}

/// The file's lines, numbered, without comments and blank lines.
struct Lines<'a> {
    inner: Vec<(usize, Vec<&'a str>)>,
    at: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        let inner = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim_start().starts_with('#') && !l.trim().is_empty())
            .map(|(n, l)| (n + 1, l.split_whitespace().collect()))
            .collect();
        Lines { inner, at: 0 }
    }
    fn next(&mut self) -> (usize, Vec<&'a str>) {
        let l = self
            .inner
            .get(self.at)
            .cloned()
            .unwrap_or_else(|| panic!("sparse cases: unexpected end of file"));
        self.at += 1;
        l
    }
    fn done(&self) -> bool {
        self.at >= self.inner.len()
    }
}

fn num<T: std::str::FromStr>(line: usize, s: &str) -> T {
    s.parse()
        .unwrap_or_else(|_| panic!("sparse cases line {line}: {s:?} is not a number"))
}

fn ty(line: usize, s: &str) -> Ty {
    match s {
        "BOOL" => Ty::Bool,
        "INT32" => Ty::Int32,
        "INT64" => Ty::Int64,
        "FP64" => Ty::Fp64,
        _ => panic!("sparse cases line {line}: unknown type {s}"),
    }
}

fn val(line: usize, t: Ty, s: &str) -> Val {
    match t {
        Ty::Bool => Val::Bool(match s {
            "0" => false,
            "1" => true,
            _ => panic!("sparse cases line {line}: {s:?} is not 0 or 1"),
        }),
        Ty::Int32 => Val::Int32(num(line, s)),
        Ty::Int64 => Val::Int64(num(line, s)),
        Ty::Fp64 => Val::Fp64(num(line, s)),
    }
}

fn parse(text: &str) -> Vec<Case> {
    let mut lines = Lines::new(text);
    let (n0, head) = lines.next();
    assert!(
        head.len() == 3 && head[0] == "weft-sparse-cases" && head[1] == "1",
        "sparse cases line {n0}: expected `weft-sparse-cases 1 <ncases>`, got {head:?}"
    );
    let ncases: usize = num(n0, head[2]);
    let mut cases = Vec::with_capacity(ncases);
    while !lines.done() {
        let (line, w) = lines.next();
        assert!(
            w.len() == 3 && w[0] == "case",
            "sparse cases line {line}: expected `case <id> <op>`, got {w:?}"
        );
        let mut c = Case {
            id: w[1].to_string(),
            op: w[2].to_string(),
            line,
            object: None,
            accum: None,
            desc: Descriptor::default(),
            colls: HashMap::new(),
            scalars: HashMap::new(),
            indices: HashMap::new(),
        };
        loop {
            let (l, w) = lines.next();
            let name = |s: &str| if s == "-" { None } else { Some(s.to_string()) };
            match w.first().copied() {
                Some("end") => break,
                Some("object") => c.object = name(w[1]),
                Some("accum") => c.accum = name(w[1]),
                Some("desc") => {
                    c.desc = w[1].parse().unwrap_or_else(|e| panic!("sparse cases line {l}: {e}"));
                }
                Some("scalar") => {
                    let t = ty(l, w[2]);
                    let value = if w[3] == "-" { None } else { Some(val(l, t, w[3])) };
                    c.scalars.insert(w[1].to_string(), ScalarSpec { ty: t, value });
                }
                Some("index") => {
                    let spec = if w[2] == "all" {
                        IndexSpec::All
                    } else {
                        let n: usize = num(l, w[2]);
                        assert_eq!(w.len(), 3 + n, "sparse cases line {l}: {n} indices");
                        IndexSpec::List(w[3..].iter().map(|s| num(l, s)).collect())
                    };
                    c.indices.insert(w[1].to_string(), spec);
                }
                Some("matrix") => {
                    let (t, nvals): (Ty, usize) = (ty(l, w[4]), num(l, w[5]));
                    let entries = (0..nvals)
                        .map(|_| {
                            let (le, e) = lines.next();
                            (num(le, e[0]), num(le, e[1]), val(le, t, e[2]))
                        })
                        .collect();
                    let spec = MatrixSpec {
                        nrows: num(l, w[2]),
                        ncols: num(l, w[3]),
                        ty: t,
                        entries,
                    };
                    c.colls.insert(w[1].to_string(), CollSpec::M(spec));
                }
                Some("vector") => {
                    let (t, nvals): (Ty, usize) = (ty(l, w[3]), num(l, w[4]));
                    let entries = (0..nvals)
                        .map(|_| {
                            let (le, e) = lines.next();
                            (num(le, e[0]), val(le, t, e[1]))
                        })
                        .collect();
                    c.colls.insert(
                        w[1].to_string(),
                        CollSpec::V(VectorSpec {
                            n: num(l, w[2]),
                            ty: t,
                            entries,
                        }),
                    );
                }
                _ => panic!("sparse cases line {l}: unexpected {w:?}"),
            }
        }
        cases.push(c);
    }
    assert_eq!(cases.len(), ncases, "sparse cases: the header promises {ncases} cases");
    cases
}

// ---- Collections of run-time type -------------------------------------------------

/// `$body` with `$x` bound to the collection inside any variant of `$any`.
macro_rules! each {
    ($enum:ident, $any:expr, $x:ident => $body:expr) => {
        match $any {
            $enum::Bool($x) => $body,
            $enum::Int32($x) => $body,
            $enum::Int64($x) => $body,
            $enum::Fp64($x) => $body,
        }
    };
}

enum AnyMatrix {
    Bool(Matrix<bool>),
    Int32(Matrix<i32>),
    Int64(Matrix<i64>),
    Fp64(Matrix<f64>),
}
enum AnyVector {
    Bool(Vector<bool>),
    Int32(Vector<i32>),
    Int64(Vector<i64>),
    Fp64(Vector<f64>),
}
enum AnyScalar {
    Bool(Scalar<bool>),
    Int32(Scalar<i32>),
    Int64(Scalar<i64>),
    Fp64(Scalar<f64>),
}
enum Any {
    M(AnyMatrix),
    V(AnyVector),
}

fn typed<T: Copy>(v: Val, get: fn(Val) -> Option<T>) -> T {
    get(v).expect("a value of the collection's type")
}

impl AnyMatrix {
    fn new(s: &MatrixSpec) -> weft::Result<AnyMatrix> {
        fn mk<T: weft::sparse::Element>(s: &MatrixSpec, get: fn(Val) -> Option<T>) -> weft::Result<Matrix<T>> {
            let t: Vec<(i64, i64, T)> = s.entries.iter().map(|&(i, j, v)| (i, j, typed(v, get))).collect();
            Matrix::from_tuples(s.nrows, s.ncols, &t)
        }
        Ok(match s.ty {
            Ty::Bool => AnyMatrix::Bool(mk(s, |v| if let Val::Bool(x) = v { Some(x) } else { None })?),
            Ty::Int32 => AnyMatrix::Int32(mk(s, |v| if let Val::Int32(x) = v { Some(x) } else { None })?),
            Ty::Int64 => AnyMatrix::Int64(mk(s, |v| if let Val::Int64(x) = v { Some(x) } else { None })?),
            Ty::Fp64 => AnyMatrix::Fp64(mk(s, |v| if let Val::Fp64(x) = v { Some(x) } else { None })?),
        })
    }
    fn input(&self) -> &dyn Input<MatrixShape> {
        each!(AnyMatrix, self, x => x)
    }
    fn entries(&self) -> weft::Result<Vec<(i64, i64, Val)>> {
        Ok(match self {
            AnyMatrix::Bool(x) => x
                .to_tuples()?
                .into_iter()
                .map(|(i, j, v)| (i, j, Val::Bool(v)))
                .collect(),
            AnyMatrix::Int32(x) => x
                .to_tuples()?
                .into_iter()
                .map(|(i, j, v)| (i, j, Val::Int32(v)))
                .collect(),
            AnyMatrix::Int64(x) => x
                .to_tuples()?
                .into_iter()
                .map(|(i, j, v)| (i, j, Val::Int64(v)))
                .collect(),
            AnyMatrix::Fp64(x) => x
                .to_tuples()?
                .into_iter()
                .map(|(i, j, v)| (i, j, Val::Fp64(v)))
                .collect(),
        })
    }
}

impl AnyVector {
    fn new(s: &VectorSpec) -> weft::Result<AnyVector> {
        fn mk<T: weft::sparse::Element>(s: &VectorSpec, get: fn(Val) -> Option<T>) -> weft::Result<Vector<T>> {
            let t: Vec<(i64, T)> = s.entries.iter().map(|&(i, v)| (i, typed(v, get))).collect();
            Vector::from_tuples(s.n, &t)
        }
        Ok(match s.ty {
            Ty::Bool => AnyVector::Bool(mk(s, |v| if let Val::Bool(x) = v { Some(x) } else { None })?),
            Ty::Int32 => AnyVector::Int32(mk(s, |v| if let Val::Int32(x) = v { Some(x) } else { None })?),
            Ty::Int64 => AnyVector::Int64(mk(s, |v| if let Val::Int64(x) = v { Some(x) } else { None })?),
            Ty::Fp64 => AnyVector::Fp64(mk(s, |v| if let Val::Fp64(x) = v { Some(x) } else { None })?),
        })
    }
    fn input(&self) -> &dyn Input<VectorShape> {
        each!(AnyVector, self, x => x)
    }
    fn entries(&self) -> weft::Result<Vec<(i64, i64, Val)>> {
        Ok(match self {
            AnyVector::Bool(x) => x.to_tuples()?.into_iter().map(|(i, v)| (i, 0, Val::Bool(v))).collect(),
            AnyVector::Int32(x) => x.to_tuples()?.into_iter().map(|(i, v)| (i, 0, Val::Int32(v))).collect(),
            AnyVector::Int64(x) => x.to_tuples()?.into_iter().map(|(i, v)| (i, 0, Val::Int64(v))).collect(),
            AnyVector::Fp64(x) => x.to_tuples()?.into_iter().map(|(i, v)| (i, 0, Val::Fp64(v))).collect(),
        })
    }
}

impl AnyScalar {
    fn new(s: &ScalarSpec) -> weft::Result<AnyScalar> {
        let sc = match s.ty {
            Ty::Bool => AnyScalar::Bool(Scalar::new()?),
            Ty::Int32 => AnyScalar::Int32(Scalar::new()?),
            Ty::Int64 => AnyScalar::Int64(Scalar::new()?),
            Ty::Fp64 => AnyScalar::Fp64(Scalar::new()?),
        };
        match (&sc, s.value) {
            (_, None) => {}
            (AnyScalar::Bool(x), Some(Val::Bool(v))) => x.set(v)?,
            (AnyScalar::Int32(x), Some(Val::Int32(v))) => x.set(v)?,
            (AnyScalar::Int64(x), Some(Val::Int64(v))) => x.set(v)?,
            (AnyScalar::Fp64(x), Some(Val::Fp64(v))) => x.set(v)?,
            _ => unreachable!("values are parsed by the scalar's type"),
        }
        Ok(sc)
    }
    fn input(&self) -> &dyn ScalarInput {
        each!(AnyScalar, self, x => x)
    }
    fn value(&self) -> weft::Result<Option<Val>> {
        Ok(match self {
            AnyScalar::Bool(x) => x.get()?.map(Val::Bool),
            AnyScalar::Int32(x) => x.get()?.map(Val::Int32),
            AnyScalar::Int64(x) => x.get()?.map(Val::Int64),
            AnyScalar::Fp64(x) => x.get()?.map(Val::Fp64),
        })
    }
}

// ---- The algebra, by C name ----------------------------------------------------------

/// Every predefined object by its C name without `WEFT_` (the names weft's Debug shows).
struct Names {
    semirings: HashMap<String, Semiring>,
    binary: HashMap<String, BinaryOp>,
    monoids: HashMap<String, Monoid>,
    unary: HashMap<String, UnaryOp>,
    index_unary: HashMap<String, IndexUnaryOp>,
}

fn c_name(debug: String) -> String {
    let inner = &debug[debug.find('(').unwrap() + 1..debug.len() - 1];
    inner.trim_start_matches("WEFT_").to_string()
}

impl Names {
    fn new() -> Names {
        fn by_name<T: fmt::Debug>(all: impl Iterator<Item = T>) -> HashMap<String, T> {
            all.map(|x| (c_name(format!("{x:?}")), x)).collect()
        }
        Names {
            semirings: by_name(
                Semiring::PREDEFINED
                    .iter()
                    .map(|&(a, m, p)| Semiring::predefined(a, m, p).unwrap()),
            ),
            binary: by_name(
                BinaryOp::PREDEFINED
                    .iter()
                    .map(|&(o, p)| BinaryOp::predefined(o, p).unwrap()),
            ),
            monoids: by_name(
                Monoid::PREDEFINED
                    .iter()
                    .map(|&(o, p)| Monoid::predefined(o, p).unwrap()),
            ),
            unary: by_name(
                UnaryOp::PREDEFINED
                    .iter()
                    .map(|&(o, p)| UnaryOp::predefined(o, p).unwrap()),
            ),
            index_unary: by_name(
                IndexUnaryOp::PREDEFINED
                    .iter()
                    .map(|&(o, t)| IndexUnaryOp::predefined(o, t).unwrap()),
            ),
        }
    }
}

fn find<'a, T>(map: &'a HashMap<String, T>, name: &Option<String>, what: &str) -> Result<&'a T, String> {
    let n = name.as_ref().ok_or_else(|| format!("no {what} given"))?;
    map.get(n).ok_or_else(|| format!("unknown {what} {n}"))
}

// ---- One case ------------------------------------------------------------------------

/// Runs a case; Err describes a mismatch or an error.
fn run(c: &Case, names: &Names) -> Result<(), String> {
    let e = |e: weft::Error| format!("{e}");
    let coll = |role: &str| -> Result<Option<Any>, String> {
        Ok(match c.colls.get(role) {
            None => None,
            Some(CollSpec::M(s)) => Some(Any::M(AnyMatrix::new(s).map_err(e)?)),
            Some(CollSpec::V(s)) => Some(Any::V(AnyVector::new(s).map_err(e)?)),
        })
    };
    let scalar = |role: &str| -> Result<AnyScalar, String> {
        AnyScalar::new(c.scalars.get(role).ok_or_else(|| format!("no scalar {role}"))?).map_err(e)
    };
    let index = |role: &str| -> Indices<'_> {
        match c.indices.get(role) {
            Some(IndexSpec::List(l)) => Indices::List(l),
            _ => Indices::All,
        }
    };
    let accum = match &c.accum {
        None => None,
        n => Some(find(&names.binary, n, "accumulator")?),
    };

    if c.op == "reduce_scalar" {
        let out = scalar("out")?;
        let monoid = find(&names.monoids, &c.object, "monoid")?;
        let mut o = Options::new().desc(c.desc);
        if let Some(a) = accum {
            o = o.accum(a);
        }
        match coll("in0")? {
            Some(Any::M(a)) => each!(AnyScalar, &out, s => s.reduce(monoid, a.input(), &o)),
            Some(Any::V(u)) => each!(AnyScalar, &out, s => s.reduce(monoid, u.input(), &o)),
            None => return Err("no in0".into()),
        }
        .map_err(e)?;
        let want = c.scalars.get("expect").ok_or("no expected scalar")?.value;
        let got = out.value().map_err(e)?;
        return if got == want {
            Ok(())
        } else {
            Err(format!("expected {want:?}, got {got:?}"))
        };
    }

    let out = coll("out")?.ok_or("no out")?;
    let mask = coll("mask")?;
    let (in0, in1) = (coll("in0")?, coll("in1")?);
    let semiring = || find(&names.semirings, &c.object, "semiring");
    let binary = || find(&names.binary, &c.object, "binary operator");
    let unary = || find(&names.unary, &c.object, "unary operator");
    let index_unary = || find(&names.index_unary, &c.object, "index-unary operator");
    let monoid = || find(&names.monoids, &c.object, "monoid");
    let wrong = || Err::<(), String>(format!("{}: unexpected collection kinds", c.op));

    let result = match &out {
        Any::M(out) => {
            let mut o = Options::<MatrixShape>::new().desc(c.desc);
            if let Some(Any::M(m)) = &mask {
                o = o.mask(m.input());
            }
            if let Some(a) = accum {
                o = o.accum(a);
            }
            let a = match &in0 {
                Some(Any::M(a)) => Some(a.input()),
                _ => None,
            };
            let b = match &in1 {
                Some(Any::M(b)) => Some(b.input()),
                _ => None,
            };
            let region = || (index("I"), index("J"));
            let (a, b) = (a.ok_or("no matrix in0"), b.ok_or("no matrix in1"));
            each!(AnyMatrix, out, c_out => match c.op.as_str() {
                "mxm" => c_out.mxm(semiring()?, a?, b?, &o).map_err(e),
                "ewise_add" => c_out.ewise_add(binary()?, a?, b?, &o).map_err(e),
                "ewise_mult" => c_out.ewise_mult(binary()?, a?, b?, &o).map_err(e),
                "ewise_union" => c_out
                    .ewise_union(binary()?, a?, scalar("alpha")?.input(), b?, scalar("beta")?.input(), &o)
                    .map_err(e),
                "apply" => c_out.apply(unary()?, a?, &o).map_err(e),
                "apply_first" => c_out.apply_first(binary()?, scalar("s")?.input(), a?, &o).map_err(e),
                "apply_second" => c_out.apply_second(binary()?, a?, scalar("s")?.input(), &o).map_err(e),
                "apply_index" => c_out.apply_index(index_unary()?, a?, scalar("s")?.input(), &o).map_err(e),
                "select" => c_out.select(index_unary()?, a?, scalar("s")?.input(), &o).map_err(e),
                "transpose" => c_out.transpose(a?, &o).map_err(e),
                "extract" => c_out.extract(a?, region(), &o).map_err(e),
                "assign" => c_out.assign(a?, region(), &o).map_err(e),
                "assign_scalar" => c_out.assign_scalar(scalar("s")?.input(), region(), &o).map_err(e),
                "kronecker" => c_out.kronecker(binary()?, a?, b?, &o).map_err(e),
                _ => wrong(),
            })
        }
        Any::V(out) => {
            let mut o = Options::<VectorShape>::new().desc(c.desc);
            if let Some(Any::V(m)) = &mask {
                o = o.mask(m.input());
            }
            if let Some(a) = accum {
                o = o.accum(a);
            }
            let (vec0, vec1) = match (&in0, &in1) {
                (Some(Any::V(u)), Some(Any::V(v))) => (Some(u.input()), Some(v.input())),
                (Some(Any::V(u)), _) => (Some(u.input()), None),
                (_, Some(Any::V(v))) => (None, Some(v.input())),
                _ => (None, None),
            };
            let (mat0, mat1) = match (&in0, &in1) {
                (Some(Any::M(a)), _) => (Some(a.input()), None),
                (_, Some(Any::M(a))) => (None, Some(a.input())),
                _ => (None, None),
            };
            let (u, v) = (vec0.ok_or("no vector in0"), vec1.ok_or("no vector in1"));
            each!(AnyVector, out, w => match c.op.as_str() {
                "mxv" => w.mxv(semiring()?, mat0.ok_or("no matrix in0")?, v?, &o).map_err(e),
                "vxm" => w.vxm(semiring()?, u?, mat1.ok_or("no matrix in1")?, &o).map_err(e),
                "reduce_rows" => w.reduce_rows(monoid()?, mat0.ok_or("no matrix in0")?, &o).map_err(e),
                "ewise_add" => w.ewise_add(binary()?, u?, v?, &o).map_err(e),
                "ewise_mult" => w.ewise_mult(binary()?, u?, v?, &o).map_err(e),
                "ewise_union" => w
                    .ewise_union(binary()?, u?, scalar("alpha")?.input(), v?, scalar("beta")?.input(), &o)
                    .map_err(e),
                "apply" => w.apply(unary()?, u?, &o).map_err(e),
                "apply_first" => w.apply_first(binary()?, scalar("s")?.input(), u?, &o).map_err(e),
                "apply_second" => w.apply_second(binary()?, u?, scalar("s")?.input(), &o).map_err(e),
                "apply_index" => w.apply_index(index_unary()?, u?, scalar("s")?.input(), &o).map_err(e),
                "select" => w.select(index_unary()?, u?, scalar("s")?.input(), &o).map_err(e),
                "extract" => w.extract(u?, index("I"), &o).map_err(e),
                "assign" => w.assign(u?, index("I"), &o).map_err(e),
                "assign_scalar" => w.assign_scalar(scalar("s")?.input(), index("I"), &o).map_err(e),
                _ => wrong(),
            })
        }
    };
    result?;

    let got = match &out {
        Any::M(m) => m.entries(),
        Any::V(v) => v.entries(),
    }
    .map_err(e)?;
    let (want, is_vector): (Vec<(i64, i64, Val)>, bool) = match c.colls.get("expect").ok_or("no expect")? {
        CollSpec::M(s) => (s.entries.clone(), false),
        CollSpec::V(s) => (s.entries.iter().map(|&(i, v)| (i, 0, v)).collect(), true),
    };
    if got == want {
        return Ok(());
    }
    let show = |l: &[(i64, i64, Val)]| {
        let at = |i: &i64, j: &i64| {
            if is_vector {
                format!("({i})")
            } else {
                format!("({i},{j})")
            }
        };
        let s: Vec<String> = l.iter().take(12).map(|(i, j, v)| format!("{}={v}", at(i, j))).collect();
        format!("{}{}", s.join(" "), if l.len() > 12 { " ..." } else { "" })
    };
    let first = got
        .iter()
        .zip(&want)
        .position(|(g, w)| g != w)
        .unwrap_or(got.len().min(want.len()));
    Err(format!(
        "{} entries expected, {} got; first difference at entry {first}\n      expected {}\n      got      {}",
        want.len(),
        got.len(),
        show(&want),
        show(&got)
    ))
}

#[test]
fn shared_sparse_cases() {
    let path = match std::env::var_os("WEFT_SPARSE_CASES") {
        Some(p) if !p.is_empty() => std::path::PathBuf::from(p),
        _ => {
            println!("sparse_cases: WEFT_SPARSE_CASES is not set: skipped");
            return;
        }
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "sparse_cases: cannot read WEFT_SPARSE_CASES={} ({e}); the fixture weft_sparse_cases \
             (make_sparse_cases) writes it",
            path.display()
        )
    });
    let cases = parse(&text);
    let names = Names::new();
    let mut failed = Vec::new();
    for c in &cases {
        if let Err(why) = run(c, &names) {
            failed.push(format!("  case {} ({}, line {}): {why}", c.id, c.op, c.line));
        }
    }
    println!(
        "sparse_cases: {} cases from {}, {} mismatches",
        cases.len(),
        path.display(),
        failed.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {} shared sparse cases differ:\n{}",
        failed.len(),
        cases.len(),
        failed.join("\n")
    );
}
