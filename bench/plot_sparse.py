#!/usr/bin/python3
"""plot_sparse.py — the ratios of bench_sparse (bench/sparse_bench.cpp) as a table and a chart.

    /usr/bin/python3 bench/plot_sparse.py CSV [OUT.png]     (default OUT: bench/sparse_ratios.png)

Reads the CSV that bench_sparse writes (columns date, graph, scale, nnz, op, threads,
weft_median_s, ss_median_s, ratio, ...), prints one row per graph and operation with the
ratio SuiteSparse time / weft time at each thread count (> 1: weft is faster) and the
geometric mean per thread count, then draws one bar group per operation and one panel per
graph (log scale, a line at 1.0). The table needs only the standard library; without
matplotlib (Debian python3-matplotlib) the chart is skipped with a message and the exit
status stays 0. When a (graph, scale, op, threads) appears several times, the last row wins.
"""
import csv
import math
import os
import sys


def read_rows(path):
    rows = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            try:
                key = (r["graph"], int(r["scale"]), r["op"], int(r["threads"]))
                rows[key] = (float(r["weft_median_s"]), float(r["ss_median_s"]), float(r["ratio"]))
            except (KeyError, ValueError):
                continue
    return rows


def geomean(values):
    values = [v for v in values if v > 0 and math.isfinite(v)]
    if not values:
        return float("nan")
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip())
        return 2
    path = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                              "sparse_ratios.png")
    rows = read_rows(path)
    if not rows:
        print(f"plot_sparse: no rows in {path}")
        return 1

    graphs = []  # (graph, scale) in first-seen order
    ops = []
    threads = sorted({k[3] for k in rows})
    for g, s, op, _ in rows:
        if (g, s) not in graphs:
            graphs.append((g, s))
        if op not in ops:
            ops.append(op)

    # The table: medians (ms) per thread count and the ratio SS/weft.
    head = f"{'graph':<12} {'operation':<12}"
    for t in threads:
        head += f" | {t}t weft ms {t}t SS ms {t}t SS/weft"
    print(head)
    print("-" * len(head))
    for g, s in graphs:
        for op in ops:
            line = f"{g + ' 2^' + str(s):<12} {op:<12}"
            found = False
            for t in threads:
                v = rows.get((g, s, op, t))
                if v:
                    found = True
                    line += f" | {1e3 * v[0]:12.3f} {1e3 * v[1]:9.3f} {v[2]:11.2f}"
                else:
                    line += f" | {'-':>12} {'-':>9} {'-':>11}"
            if found:
                print(line)
    for t in threads:
        ratios = [v[2] for k, v in rows.items() if k[3] == t]
        print(f"geometric mean of SS/weft at {t} thread(s): {geomean(ratios):.3f} over {len(ratios)} operations")
    print("(SS/weft > 1: weft is faster)")

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import matplotlib.ticker
    except ImportError:
        print("plot_sparse: matplotlib is not installed (apt-get install -y python3-matplotlib): no chart drawn")
        return 0

    fig, axes = plt.subplots(len(graphs), 1, figsize=(max(8, 0.9 * len(ops) + 2), 3.6 * len(graphs)), squeeze=False)
    width = 0.8 / max(1, len(threads))
    colors = ["#4477aa", "#ee6677", "#228833", "#ccbb44"]
    for ax, (g, s) in zip(axes[:, 0], graphs):
        present = [op for op in ops if any((g, s, op, t) in rows for t in threads)]
        lo_all = []
        for ti, t in enumerate(threads):
            xs, ys = [], []
            for oi, op in enumerate(present):
                v = rows.get((g, s, op, t))
                if v and v[2] > 0 and math.isfinite(v[2]):
                    xs.append(oi + (ti - (len(threads) - 1) / 2) * width)
                    ys.append(v[2])
            # Bars grow from the line at 1.0: up where weft is faster, down where it is slower.
            ax.bar(xs, [y - 1.0 for y in ys], width, bottom=1.0, label=f"{t} thread{'s' if t > 1 else ''}",
                   color=colors[ti % len(colors)])
            for x, y in zip(xs, ys):
                ax.annotate(f"{y:.2g}", (x, y), ha="center", va="bottom" if y >= 1 else "top", fontsize=7)
            lo_all.extend(ys)
        ax.axhline(1.0, color="black", linewidth=1)
        ax.set_yscale("log")
        lo = min([0.8] + [y / 1.6 for y in lo_all])
        hi = max([1.25] + [y * 1.6 for y in lo_all])
        ax.set_ylim(lo, hi)
        ticks = [m * 10.0 ** e for e in range(-4, 5) for m in (1, 2, 5) if lo <= m * 10.0 ** e <= hi]
        ax.yaxis.set_major_locator(matplotlib.ticker.FixedLocator(ticks))
        ax.yaxis.set_major_formatter(matplotlib.ticker.FixedFormatter([f"{v:g}" for v in ticks]))
        ax.yaxis.set_minor_locator(matplotlib.ticker.NullLocator())
        ax.set_xticks(range(len(present)))
        ax.set_xticklabels(present, rotation=30, ha="right")
        ax.set_ylabel("SuiteSparse time / weft time")
        ax.set_title(f"{g} 2^{s}: > 1 means weft is faster")
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
        ax.grid(axis="y", which="major", alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"plot_sparse: wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
