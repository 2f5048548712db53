#!/usr/bin/python3
"""plot_lazy.py — bench_lazy's two modes merged: the table, the targets, bench/lazy_ratios.png.

    /usr/bin/python3 bench/plot_lazy.py [--png OUT.png] [--table OUT.md] RESULT.txt...

Each RESULT.txt is the output of one `bench_lazy --mode blocking|nonblocking` run (see
bench/lazy_bench.cpp; bench/run_lazy.sh makes them): a "# bench_lazy mode=M threads=T ..."
line, then "<case> <weft ms> <SuiteSparse ms> <hand ms>" lines. The runs are paired by
thread count. Per case:

    weft-nb, weft-blocking   weft's median in each mode
    SS, hand                 SuiteSparse's and the hand-fused loop's medians from the
                             nonblocking run (measured in the same process as weft-nb, so
                             under the same machine load; the blocking run has its own,
                             shown only when there is no nonblocking run)
    blocking/nb              > 1: nonblocking mode is faster than blocking mode
    SS/nb                    > 1: weft nonblocking is faster than SuiteSparse
    nb/hand                  >= 1: how far weft nonblocking is from the physical limit

Then the issue's targets, each MET or MISSED with its value:
    {dense,sparse}_freed_4   blocking/nb >= 2.5 and nb/hand <= 1.3
    every chain              blocking/nb >= 1.0 (no chain slower in nonblocking mode)
    pagerank                 blocking/nb >= 1.3
The chart: one panel per thread count, per case the bars blocking/nb, SS/nb and hand/nb
(all "> 1: weft nonblocking is faster"; hand/nb <= 1 by nature), log scale, the target
levels marked on the bars they apply to. Without matplotlib (Debian python3-matplotlib) the
chart is skipped with a message and the exit status stays 0. Several runs of the same
(mode, threads) (run_lazy.sh's ROUNDS): each time is the median of the runs' medians, which
evens out load that changed between the separate processes of the two modes.
"""
import math
import os
import re
import statistics
import sys

TARGET_FREED4_SPEEDUP = 2.5   # blocking / nonblocking, 4-op chain with freed intermediates
TARGET_FREED4_TO_HAND = 1.3   # nonblocking / hand-fused, same case
TARGET_CHAIN_SPEEDUP = 1.0    # blocking / nonblocking, every chain
TARGET_PAGERANK_SPEEDUP = 1.3  # blocking / nonblocking, PageRank


def read_run(path):
    """(mode, threads, {case: (weft, ss, hand)}, [cases in order])."""
    mode, threads, rows, order = None, None, {}, []
    with open(path) as f:
        for line in f:
            if line.startswith("# bench_lazy "):
                m = re.search(r"mode=(\w+)", line)
                t = re.search(r"threads=(\d+)", line)
                mode = m.group(1) if m else None
                threads = int(t.group(1)) if t else None
                continue
            if line.startswith("#") or line.startswith("!!!"):
                continue
            parts = line.split()
            if len(parts) != 4:
                continue
            try:
                vals = tuple(float(p) for p in parts[1:])
            except ValueError:
                continue
            if parts[0] not in rows:
                order.append(parts[0])
            rows[parts[0]] = vals
    return mode, threads, rows, order


def ratio(a, b):
    if a is None or b is None or not (b > 0) or not math.isfinite(a) or not math.isfinite(b):
        return None
    return a / b


def fmt(v, digits=3):
    return "-" if v is None else f"{v:.{digits}f}"


def is_chain(case):
    return case.startswith("dense_") or case.startswith("sparse_")


def merge(paths):
    """{threads: {"order": [...], "nb": rows, "blocking": rows}}."""
    runs = {}
    for p in paths:
        mode, threads, rows, order = read_run(p)
        if mode not in ("blocking", "nonblocking") or threads is None:
            print(f"plot_lazy: {p}: no '# bench_lazy mode=... threads=...' line, skipped")
            continue
        r = runs.setdefault(threads, {"order": [], "nonblocking": {}, "blocking": {}})
        for c, vals in rows.items():
            r[mode].setdefault(c, []).append(vals)
        for c in order:
            if c not in r["order"]:
                r["order"].append(c)
    # One (weft, ss, hand) per case and mode: the median over the runs, column by column.
    for r in runs.values():
        for mode in ("nonblocking", "blocking"):
            r["rounds_" + mode] = max((len(v) for v in r[mode].values()), default=0)
            r[mode] = {c: tuple(statistics.median(col) for col in zip(*v)) for c, v in r[mode].items()}
    return runs


def table(runs):
    """The merged rows: {threads: [(case, nb, bl, ss, hand, bl/nb, ss/nb, nb/hand)]} and the text."""
    lines, merged = [], {}
    for t in sorted(runs):
        r = runs[t]
        nbrows, blrows = r["nonblocking"], r["blocking"]
        lines.append(f"### {t} thread(s) — medians in ms ({r['rounds_nonblocking']} nonblocking and "
                     f"{r['rounds_blocking']} blocking run(s)); SS and hand from the "
                     f"{'nonblocking' if nbrows else 'blocking'} run(s)")
        lines.append("")
        lines.append("| case | weft-nb | weft-blocking | SS | hand | blocking/nb | SS/nb | nb/hand |")
        lines.append("|---|---:|---:|---:|---:|---:|---:|---:|")
        merged[t] = []
        for c in r["order"]:
            nb = nbrows.get(c, (None, None, None))
            bl = blrows.get(c, (None, None, None))
            ref = nb if c in nbrows else bl
            row = (c, nb[0], bl[0], ref[1], ref[2], ratio(bl[0], nb[0]), ratio(ref[1], nb[0]), ratio(nb[0], ref[2]))
            merged[t].append(row)
            lines.append("| " + " | ".join([c] + [fmt(v) for v in row[1:5]] + [fmt(v, 2) for v in row[5:]]) + " |")
        lines.append("")
    return merged, "\n".join(lines)


def targets(merged):
    lines = []
    for t in sorted(merged):
        rows = {r[0]: r for r in merged[t]}
        lines.append(f"targets at {t} thread(s):")

        def verdict(ok):
            return "MET   " if ok else "MISSED"

        for case in ("dense_freed_4", "sparse_freed_4"):
            r = rows.get(case)
            if not r or r[5] is None:
                lines.append(f"  {case}: not measured in both modes")
                continue
            lines.append(f"  {verdict(r[5] >= TARGET_FREED4_SPEEDUP)} {case}: blocking/nb = {r[5]:.2f} "
                         f"(target >= {TARGET_FREED4_SPEEDUP})")
            if r[7] is not None:
                lines.append(f"  {verdict(r[7] <= TARGET_FREED4_TO_HAND)} {case}: nb/hand = {r[7]:.2f} "
                             f"(target <= {TARGET_FREED4_TO_HAND})")
        chains = [r for r in merged[t] if is_chain(r[0]) and r[5] is not None]
        slower = [r for r in chains if r[5] < TARGET_CHAIN_SPEEDUP]
        if chains:
            worst = min(chains, key=lambda r: r[5])
            lines.append(f"  {verdict(not slower)} no chain slower in nonblocking mode: worst {worst[0]} "
                         f"blocking/nb = {worst[5]:.2f}"
                         + (f"; below 1: {', '.join(r[0] for r in slower)}" if slower else ""))
        r = rows.get("pagerank")
        if r and r[5] is not None:
            lines.append(f"  {verdict(r[5] >= TARGET_PAGERANK_SPEEDUP)} pagerank: blocking/nb = {r[5]:.2f} "
                         f"(target >= {TARGET_PAGERANK_SPEEDUP})")
        else:
            lines.append("  pagerank: not measured in both modes")
    return "\n".join(lines)


def plot(merged, out):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_lazy: no matplotlib (Debian python3-matplotlib): chart skipped")
        return
    threads = sorted(merged)
    fig, axes = plt.subplots(len(threads), 1, figsize=(max(8, 0.9 * max(len(merged[t]) for t in threads) + 2),
                                                      4.2 * len(threads)), squeeze=False)
    series = [("blocking/nb", 5, "#4472c4"), ("SS/nb", 6, "#ed7d31"), ("hand/nb", 7, "#70ad47")]
    width = 0.27
    for ax, t in zip(axes[:, 0], threads):
        rows = merged[t]
        xs = list(range(len(rows)))
        for k, (label, col, color) in enumerate(series):
            vals = []
            for r in rows:
                v = r[col]
                if col == 7 and v is not None:
                    v = 1.0 / v if v > 0 else None  # hand/nb: the orientation of the other two
                vals.append(v if v is not None and v > 0 else float("nan"))
            pos = [x + (k - 1) * width for x in xs]
            ax.bar(pos, vals, width, label=label, color=color)
            for p, v in zip(pos, vals):
                if math.isfinite(v):
                    ax.text(p, v, f"{v:.2f}", ha="center", va="bottom", fontsize=6, rotation=90)
        # Target levels on the bars they apply to.
        for x, r in zip(xs, rows):
            marks = []
            if r[0] in ("dense_freed_4", "sparse_freed_4"):
                marks = [(x - width, TARGET_FREED4_SPEEDUP), (x + width, 1.0 / TARGET_FREED4_TO_HAND)]
            elif r[0] == "pagerank":
                marks = [(x - width, TARGET_PAGERANK_SPEEDUP)]
            elif is_chain(r[0]):
                marks = [(x - width, TARGET_CHAIN_SPEEDUP)]
            for px, level in marks:
                ax.plot([px - width / 2, px + width / 2], [level, level], color="black", linewidth=2)
        ax.axhline(1.0, color="gray", linewidth=0.8)
        ax.set_yscale("log")
        ax.set_xticks(xs)
        ax.set_xticklabels([r[0] for r in rows], rotation=35, ha="right", fontsize=8)
        ax.set_ylabel("time ratio (> 1: weft nonblocking faster)")
        ax.set_title(f"weft nonblocking vs blocking, SuiteSparse and the hand-fused loop — {t} thread(s) "
                     "(black ticks: targets)", fontsize=9)
        ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(f"plot_lazy: wrote {out}")


def main(argv):
    png = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lazy_ratios.png")
    table_out = None
    paths = []
    k = 0
    while k < len(argv):
        a = argv[k]
        if a in ("--png", "--table") and k + 1 < len(argv):
            if a == "--png":
                png = argv[k + 1]
            else:
                table_out = argv[k + 1]
            k += 2
            continue
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        paths.append(a)
        k += 1
    if not paths:
        print(__doc__.strip())
        return 2
    runs = merge(paths)
    if not runs:
        print("plot_lazy: no runs read")
        return 1
    merged, text = table(runs)
    text += "\n" + targets(merged) + "\n"
    print(text)
    if table_out:
        with open(table_out, "w") as f:
            f.write(text)
    if png != "none":
        plot(merged, png)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
