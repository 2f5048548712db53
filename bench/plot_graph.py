#!/usr/bin/python3
"""plot_graph.py — the ratios of bench_graph (bench/graph_bench.cpp) as a table and a chart.

    /usr/bin/python3 bench/plot_graph.py CSV [CSV ...] [--png OUT.png]
                                                   (default OUT: bench/graph_ratios.png)

Reads the CSVs bench_graph writes (columns graph, n, nnz, algo, threads, weft_s, grb_s,
ratio, check), prints one markdown row per graph and algorithm with the medians and the
ratio GrB time / weft time at each thread count (> 1: weft is faster), then the geometric
mean per thread count, and draws one bar group per algorithm and one panel per thread
count (log scale, a line at 1.0). Without matplotlib (Debian python3-matplotlib) the chart
is skipped with a message; the exit status stays 0. A repeated (graph, algo, threads): the
last row wins.
"""
import csv
import math
import sys


def main():
    args = sys.argv[1:]
    png = "bench/graph_ratios.png"
    if "--png" in args:
        i = args.index("--png")
        png = args[i + 1]
        del args[i:i + 2]
    rows, graphs, algos, threads = {}, [], [], []
    for path in args:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                key = (r["graph"], r["algo"], int(r["threads"]))
                rows[key] = (float(r["weft_s"]), float(r["grb_s"]), float(r["ratio"]), r["check"])
                for lst, v in ((graphs, r["graph"]), (algos, r["algo"]), (threads, int(r["threads"]))):
                    if v not in lst:
                        lst.append(v)
    head = "| graph | algorithm |" + "".join(" weft ms (%dt) | GrB ms (%dt) | GrB/weft (%dt) |" % (t, t, t) for t in threads)
    print(head)
    print("|" + "---|" * (2 + 3 * len(threads)))
    for g in graphs:
        for a in algos:
            cells = []
            for t in threads:
                v = rows.get((g, a, t))
                cells.append(" %.3f | %.3f | %.2f |" % (1e3 * v[0], 1e3 * v[1], v[2]) if v else " | | |")
            print("| %s | %s |%s" % (g, a, "".join(cells)))
    for t in threads:
        r = [v[2] for (g, a, tt), v in rows.items() if tt == t]
        if r:
            print("geometric mean at %d thread(s) over %d runs: %.2f" % (t, len(r), math.exp(sum(map(math.log, r)) / len(r))))
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no matplotlib: chart skipped")
        return
    fig, axes = plt.subplots(len(threads), 1, figsize=(11, 3.6 * len(threads)), squeeze=False)
    width = 0.8 / max(1, len(graphs))
    for row, t in enumerate(threads):
        ax = axes[row][0]
        for k, g in enumerate(graphs):
            ys = [rows.get((g, a, t), (0, 0, float("nan"), ""))[2] for a in algos]
            ax.bar([x + k * width for x in range(len(algos))], ys, width, label=g)
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_yscale("log")
        ax.set_xticks([x + 0.4 - width / 2 for x in range(len(algos))])
        ax.set_xticklabels(algos)
        ax.set_ylabel("GrB time / weft time")
        ax.set_title("weft/graph.h vs the same algorithms in SuiteSparse 7.4 calls, %d thread(s) (> 1: weft faster)" % t)
        ax.legend(fontsize=7, ncol=3)
    fig.tight_layout()
    fig.savefig(png, dpi=90)
    print("chart:", png)


if __name__ == "__main__":
    main()
