//! Every operation of weft/sparse.h through `weft::sparse`, against answers computed by
//! hand (in the comments), with masks (valued, structural, complemented), accumulators,
//! replace, transposes and an output that is also an input.
use weft::sparse::{Indices, Matrix, Options, Scalar, Vector};
use weft::{BinaryOp, BinaryOpcode, IndexUnaryOp, IndexUnaryOpcode, Monoid, MonoidOp, Semiring, UnaryOp, UnaryOpcode};

/// A = [[1, 2, .], [., 3, 4], [5, ., 6]]
fn a() -> Matrix<i64> {
    Matrix::from_tuples(
        3,
        3,
        &[(0, 0, 1), (0, 1, 2), (1, 1, 3), (1, 2, 4), (2, 0, 5), (2, 2, 6)],
    )
    .unwrap()
}
/// B = [[1, ., 1], [., 2, .], [3, ., .]]
fn b() -> Matrix<i64> {
    Matrix::from_tuples(3, 3, &[(0, 0, 1), (0, 2, 1), (1, 1, 2), (2, 0, 3)]).unwrap()
}
/// u = [1, ., 2]
fn u() -> Vector<i64> {
    Vector::from_tuples(3, &[(0, 1), (2, 2)]).unwrap()
}
fn plus_times() -> Semiring {
    Semiring::of::<i64>(MonoidOp::Plus, BinaryOpcode::Times).unwrap()
}
fn op(o: BinaryOpcode) -> BinaryOp {
    BinaryOp::of::<i64>(o).unwrap()
}
fn none<'a, K>() -> Options<'a, K> {
    Options::new()
}

#[test]
fn mxm_plain_and_transposed() {
    let c = Matrix::<i64>::new(3, 3).unwrap();
    // row 0: 1*B(0,:) + 2*B(1,:) = [1, 4, 1]; row 1: 3*B(1,:) + 4*B(2,:) = [12, 6, .];
    // row 2: 5*B(0,:) + 6*B(2,:) = [23, ., 5]
    c.mxm(&plus_times(), &a(), &b(), &none()).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![
            (0, 0, 1),
            (0, 1, 4),
            (0, 2, 1),
            (1, 0, 12),
            (1, 1, 6),
            (2, 0, 23),
            (2, 2, 5)
        ]
    );
    // A' * B: A' = [[1, ., 5], [2, 3, .], [., 4, 6]]
    c.mxm(&plus_times(), &a(), &b(), &none().transpose0()).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![
            (0, 0, 16),
            (0, 2, 1),
            (1, 0, 2),
            (1, 1, 6),
            (1, 2, 2),
            (2, 0, 18),
            (2, 1, 8)
        ]
    );
    // A * B': B' = [[1, ., 3], [., 2, .], [1, ., .]]
    c.mxm(&plus_times(), &a(), &b(), &none().transpose1()).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![
            (0, 0, 1),
            (0, 1, 4),
            (0, 2, 3),
            (1, 0, 4),
            (1, 1, 6),
            (2, 0, 11),
            (2, 2, 15)
        ]
    );
}

#[test]
fn mxm_masks_accumulator_replace() {
    let c0 = || Matrix::from_tuples(3, 3, &[(0, 0, 100i64), (2, 1, 7)]).unwrap();
    // Valued mask: true at (0,0), (1,0), (2,2); false at (2,1).
    let m = Matrix::from_tuples(3, 3, &[(0, 0, true), (1, 0, true), (2, 1, false), (2, 2, true)]).unwrap();
    let plus = op(BinaryOpcode::Plus);
    // Z = C0 + A*B; C becomes Z at (0,0) 101, (1,0) 12, (2,2) 5; keeps (2,1) 7.
    let c = c0();
    c.mxm(&plus_times(), &a(), &b(), &none().mask(&m).accum(&plus)).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 101), (1, 0, 12), (2, 1, 7), (2, 2, 5)]
    );
    // ... and with replace loses (2,1).
    let c = c0();
    c.mxm(&plus_times(), &a(), &b(), &none().mask(&m).accum(&plus).replace())
        .unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 0, 101), (1, 0, 12), (2, 2, 5)]);
    // Structural: (2,1) is selected too, and A*B has no entry there: deleted.
    let c = c0();
    c.mxm(&plus_times(), &a(), &b(), &none().mask(&m).structure()).unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 0, 1), (1, 0, 12), (2, 2, 5)]);
    // Valued without accumulator: (2,1) is not selected: kept.
    let c = c0();
    c.mxm(&plus_times(), &a(), &b(), &none().mask(&m)).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 1), (1, 0, 12), (2, 1, 7), (2, 2, 5)]
    );
    // Complement: everything but (0,0), (1,0), (2,2) gets A*B; (0,0) keeps 100.
    let c = c0();
    c.mxm(&plus_times(), &a(), &b(), &none().mask(&m).complement()).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 100), (0, 1, 4), (0, 2, 1), (1, 1, 6), (2, 0, 23)]
    );
}

#[test]
fn an_output_may_be_its_own_input_and_mask() {
    // C = C * C with C = A: row 0 = 1*A(0,:) + 2*A(1,:) = [1, 8, 8];
    // row 1 = 3*A(1,:) + 4*A(2,:) = [20, 9, 36]; row 2 = 5*A(0,:) + 6*A(2,:) = [35, 10, 36]
    let c = a();
    c.mxm(&plus_times(), &c, &c, &none()).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![
            (0, 0, 1),
            (0, 1, 8),
            (0, 2, 8),
            (1, 0, 20),
            (1, 1, 9),
            (1, 2, 36),
            (2, 0, 35),
            (2, 1, 10),
            (2, 2, 36)
        ]
    );
    // C<C, structure> = C * C with C = A: only A's positions are written.
    let c = a();
    c.mxm(&plus_times(), &c, &c, &none().mask(&c).structure()).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 1), (0, 1, 8), (1, 1, 9), (1, 2, 36), (2, 0, 35), (2, 2, 36)]
    );
}

#[test]
fn mxv_and_vxm() {
    let w = Vector::<i64>::new(3).unwrap();
    // A u: [1*1, 4*2, 5*1 + 6*2]
    w.mxv(&plus_times(), &a(), &u(), &none()).unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 1), (1, 8), (2, 17)]);
    // u' A: 1*A(0,:) + 2*A(2,:) = [11, 2, 12]; A' u is the same.
    w.vxm(&plus_times(), &u(), &a(), &none()).unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 11), (1, 2), (2, 12)]);
    w.mxv(&plus_times(), &a(), &u(), &none().transpose0()).unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 11), (1, 2), (2, 12)]);
    // u' A' = A u
    w.vxm(&plus_times(), &u(), &a(), &none().transpose1()).unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 1), (1, 8), (2, 17)]);
    // Masked, accumulated with MIN: w = [1, 8, 17] min [11, 2, 12] where the mask {1}.
    let mask = Vector::from_tuples(3, &[(1, 1i32)]).unwrap();
    w.vxm(
        &plus_times(),
        &u(),
        &a(),
        &none().mask(&mask).accum(&op(BinaryOpcode::Min)),
    )
    .unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 1), (1, 2), (2, 17)]);
}

#[test]
fn element_wise() {
    let c = Matrix::<i64>::new(3, 3).unwrap();
    c.ewise_add(&op(BinaryOpcode::Plus), &a(), &b(), &none()).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![
            (0, 0, 2),
            (0, 1, 2),
            (0, 2, 1),
            (1, 1, 5),
            (1, 2, 4),
            (2, 0, 8),
            (2, 2, 6)
        ]
    );
    c.ewise_mult(&op(BinaryOpcode::Times), &a(), &b(), &none()).unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 0, 1), (1, 1, 6), (2, 0, 15)]);
    // A + B' where both exist: B' = [[1, ., 3], [., 2, .], [1, ., .]]
    c.ewise_mult(&op(BinaryOpcode::Plus), &a(), &b(), &none().transpose1())
        .unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 0, 2), (1, 1, 5), (2, 0, 6)]);

    let v = Vector::from_tuples(3, &[(1, 10i64), (2, 20)]).unwrap();
    let w = Vector::<i64>::new(3).unwrap();
    w.ewise_add(&op(BinaryOpcode::Minus), &u(), &v, &none()).unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 1), (1, 10), (2, -18)]);
    // union: u - v with alpha = 100 for a missing u, beta = 1000 for a missing v.
    let (alpha, beta) = (
        Scalar::from_value(100i64).unwrap(),
        Scalar::from_value(1000i64).unwrap(),
    );
    w.ewise_union(&op(BinaryOpcode::Minus), &u(), &alpha, &v, &beta, &none())
        .unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, -999), (1, 90), (2, -18)]);
    // Mixed domains: f64 and bool inputs into an i64 output, cast by C's rules.
    let x = Vector::from_tuples(3, &[(0, 2.75f64), (1, -1.5)]).unwrap();
    let y = Vector::from_tuples(3, &[(0, true), (2, true)]).unwrap();
    let plus_f = BinaryOp::of::<f64>(BinaryOpcode::Plus).unwrap();
    w.ewise_add(&plus_f, &x, &y, &none()).unwrap();
    // 2.75 + 1 = 3.75 -> 3; -1.5 -> -1; true -> 1
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 3), (1, -1), (2, 1)]);
}

#[test]
fn apply_forms() {
    let c = Matrix::<i64>::new(3, 3).unwrap();
    c.apply(&UnaryOp::of::<i64>(UnaryOpcode::Ainv).unwrap(), &a(), &none())
        .unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, -1), (0, 1, -2), (1, 1, -3), (1, 2, -4), (2, 0, -5), (2, 2, -6)]
    );
    // 10 - A' (apply_first: A is the operator's second input, transposed by T1)
    let ten = Scalar::from_value(10i64).unwrap();
    c.apply_first(&op(BinaryOpcode::Minus), &ten, &a(), &none().transpose1())
        .unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 9), (0, 2, 5), (1, 0, 8), (1, 1, 7), (2, 1, 6), (2, 2, 4)]
    );
    let w = Vector::<i64>::new(3).unwrap();
    w.apply_first(&op(BinaryOpcode::Minus), &ten, &u(), &none()).unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 9), (2, 8)]);
    w.apply_second(&op(BinaryOpcode::Minus), &u(), &ten, &none()).unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, -9), (2, -8)]);
    // i + 100
    let rowindex = IndexUnaryOp::of::<i64>(IndexUnaryOpcode::RowIndex).unwrap();
    c.apply_index(&rowindex, &a(), &Scalar::from_value(100i64).unwrap(), &none())
        .unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![
            (0, 0, 100),
            (0, 1, 100),
            (1, 1, 101),
            (1, 2, 101),
            (2, 0, 102),
            (2, 2, 102)
        ]
    );
    // j - i (DIAGINDEX) on a vector: j is 0, so -i.
    let diagindex = IndexUnaryOp::of::<i64>(IndexUnaryOpcode::DiagIndex).unwrap();
    w.apply_index(&diagindex, &u(), &Scalar::from_value(0i64).unwrap(), &none())
        .unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 0), (2, -2)]);
}

#[test]
fn select_forms() {
    let c = Matrix::<i64>::new(3, 3).unwrap();
    let tril = IndexUnaryOp::predefined(IndexUnaryOpcode::Tril, None).unwrap();
    c.select(&tril, &a(), &Scalar::from_value(0i64).unwrap(), &none())
        .unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 0, 1), (1, 1, 3), (2, 0, 5), (2, 2, 6)]);
    let gt = IndexUnaryOp::of::<i64>(IndexUnaryOpcode::ValueGt).unwrap();
    c.select(&gt, &a(), &Scalar::from_value(3i64).unwrap(), &none())
        .unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(1, 2, 4), (2, 0, 5), (2, 2, 6)]);
    let w = Vector::<i64>::new(3).unwrap();
    let le = IndexUnaryOp::of::<i64>(IndexUnaryOpcode::ValueLe).unwrap();
    w.select(&le, &u(), &Scalar::from_value(1i64).unwrap(), &none())
        .unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 1)]);
}

#[test]
fn reductions() {
    let plus = Monoid::of::<i64>(MonoidOp::Plus).unwrap();
    let w = Vector::<i64>::new(3).unwrap();
    w.reduce_rows(&plus, &a(), &none()).unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 3), (1, 7), (2, 11)]);
    w.reduce_rows(&plus, &a(), &none().transpose0()).unwrap(); // column sums
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 6), (1, 5), (2, 10)]);

    let s = Scalar::<i64>::new().unwrap();
    s.reduce(&plus, &a(), &none()).unwrap();
    assert_eq!(s.get().unwrap(), Some(21));
    s.reduce(&Monoid::of::<i64>(MonoidOp::Max).unwrap(), &u(), &none())
        .unwrap();
    assert_eq!(s.get().unwrap(), Some(2));
    let add = op(BinaryOpcode::Plus);
    s.set(100).unwrap();
    s.reduce(&plus, &a(), &none().accum(&add)).unwrap();
    assert_eq!(s.get().unwrap(), Some(121));
    // No entries: with an accumulator the scalar stays, without it becomes empty.
    let empty = Matrix::<i64>::new(2, 2).unwrap();
    s.reduce(&plus, &empty, &none().accum(&add)).unwrap();
    assert_eq!(s.get().unwrap(), Some(121));
    s.reduce(&plus, &empty, &none()).unwrap();
    assert_eq!(s.get().unwrap(), None);
}

#[test]
fn transpose_and_kronecker() {
    let c = Matrix::<i64>::new(3, 3).unwrap();
    c.transpose(&a(), &none()).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 1), (0, 2, 5), (1, 0, 2), (1, 1, 3), (2, 1, 4), (2, 2, 6)]
    );
    c.transpose(&a(), &none().transpose0()).unwrap(); // transposed twice: a copy
    assert_eq!(c.to_tuples().unwrap(), a().to_tuples().unwrap());

    let a2 = Matrix::from_tuples(2, 2, &[(0, 0, 7i64), (1, 1, 8)]).unwrap();
    let b2 = Matrix::from_tuples(2, 2, &[(0, 1, 1i64), (1, 0, 2)]).unwrap();
    let k = Matrix::<i64>::new(4, 4).unwrap();
    k.kronecker(&op(BinaryOpcode::Times), &a2, &b2, &none()).unwrap();
    assert_eq!(
        k.to_tuples().unwrap(),
        vec![(0, 1, 7), (1, 0, 14), (2, 3, 8), (3, 2, 16)]
    );
}

#[test]
fn extract_forms() {
    let c = Matrix::<i64>::new(2, 3).unwrap();
    c.extract(&a(), (&[2, 0], Indices::All), &none()).unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 0, 5), (0, 2, 6), (1, 0, 1), (1, 1, 2)]);
    // rows 2, 0 of A' = [[1, ., 5], [2, 3, .], [., 4, 6]]
    c.extract(&a(), (&[2, 0], Indices::All), &none().transpose0()).unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 1, 4), (0, 2, 6), (1, 0, 1), (1, 2, 5)]);
    // repeats: A(1, 2), A(1, 1) twice
    let d = Matrix::<i64>::new(2, 2).unwrap();
    let rows = vec![1i64, 1];
    d.extract(&a(), (&rows, &[2, 1]), &none()).unwrap();
    assert_eq!(d.to_tuples().unwrap(), vec![(0, 0, 4), (0, 1, 3), (1, 0, 4), (1, 1, 3)]);

    let w = Vector::<i64>::new(2).unwrap();
    w.extract(&u(), &[2, 0], &none()).unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(0, 2), (1, 1)]);
    let col = Vector::<i64>::new(3).unwrap();
    col.col_extract(&a(), Indices::All, 2, &none()).unwrap(); // column 2
    assert_eq!(col.to_tuples().unwrap(), vec![(1, 4), (2, 6)]);
    col.col_extract(&a(), Indices::All, 2, &none().transpose0()).unwrap(); // row 2
    assert_eq!(col.to_tuples().unwrap(), vec![(0, 5), (2, 6)]);
}

#[test]
fn assign_forms() {
    let c0 = || Matrix::from_tuples(3, 3, &[(0, 0, 100i64), (1, 1, 100), (2, 2, 100)]).unwrap();
    let a2 = Matrix::from_tuples(2, 2, &[(0, 0, 7i64), (1, 1, 8)]).unwrap();
    // C([0, 2], [1, 2]) = A2: (0,1) = 7, (2,2) = 8, (0,2) and (2,1) have none.
    let c = c0();
    c.assign(&a2, (&[0, 2], &[1, 2]), &none()).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 100), (0, 1, 7), (1, 1, 100), (2, 2, 8)]
    );
    let c = c0();
    c.assign(&a2, (&[0, 2], &[1, 2]), &none().accum(&op(BinaryOpcode::Plus)))
        .unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 100), (0, 1, 7), (1, 1, 100), (2, 2, 108)]
    );
    // Column 0 gets 5.
    let c = c0();
    c.assign_scalar(&Scalar::from_value(5i64).unwrap(), (Indices::All, &[0]), &none())
        .unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 5), (1, 0, 5), (1, 1, 100), (2, 0, 5), (2, 2, 100)]
    );
    // subassign: the 2x2 mask selects only the region's (0,0), i.e. C(0,1).
    let ms = Matrix::from_tuples(2, 2, &[(0, 0, true)]).unwrap();
    let c = c0();
    c.subassign(&a2, (&[0, 2], &[1, 2]), &none().mask(&ms)).unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 100), (0, 1, 7), (1, 1, 100), (2, 2, 100)]
    );
    let c = c0();
    c.subassign(&a2, (&[0, 2], &[1, 2]), &none().mask(&ms).replace())
        .unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 0, 100), (0, 1, 7), (1, 1, 100)]);
    // C([2, 0], 1) = [1, 2]; C(1, [0, 1]) = [., 9]
    let c = c0();
    c.col_assign(
        &Vector::from_tuples(2, &[(0, 1i64), (1, 2)]).unwrap(),
        &[2, 0],
        1,
        &none(),
    )
    .unwrap();
    assert_eq!(
        c.to_tuples().unwrap(),
        vec![(0, 0, 100), (0, 1, 2), (1, 1, 100), (2, 1, 1), (2, 2, 100)]
    );
    let c = c0();
    c.row_assign(&Vector::from_tuples(2, &[(1, 9i64)]).unwrap(), 1, &[0, 1], &none())
        .unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 0, 100), (1, 1, 9), (2, 2, 100)]);
    // Vectors: w([3, 1]) = [5, .]
    let w = Vector::from_tuples(4, &[(1, 1i64), (2, 2)]).unwrap();
    w.assign(&Vector::from_tuples(2, &[(0, 5i64)]).unwrap(), &[3, 1], &none())
        .unwrap();
    assert_eq!(w.to_tuples().unwrap(), vec![(2, 2), (3, 5)]);
}

#[test]
fn inputs_of_any_type_through_trait_objects() {
    use weft::sparse::{Input, MatrixShape};
    // An f64 matrix and a bool one as &dyn Input: the product in i64.
    let x = Matrix::from_tuples(2, 2, &[(0, 0, 1.5f64), (1, 0, 2.0)]).unwrap();
    let y = Matrix::from_tuples(2, 2, &[(0, 1, true)]).unwrap();
    let inputs: [&dyn Input<MatrixShape>; 2] = [&x, &y];
    let c = Matrix::<f64>::new(2, 2).unwrap();
    let s = Semiring::of::<f64>(MonoidOp::Plus, BinaryOpcode::Times).unwrap();
    c.mxm(&s, inputs[0], inputs[1], &none()).unwrap();
    assert_eq!(c.to_tuples().unwrap(), vec![(0, 1, 1.5), (1, 1, 2.0)]);
}
