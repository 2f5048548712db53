#!/usr/bin/python3
"""networkx's answers for test_graph's random graphs (the independent oracle of weft/graph.h).

Reads from stdin: the number of graphs, then for each graph a line
"n m source ns s_1 .. s_ns" and m lines "i j w" (directed edges i -> j of weight w,
0-based, no repeats). Writes for each graph six lines, in order:
  levels      n integers: BFS levels from source following edges as given (-1: unreached)
  distances   n reals: Dijkstra distances by weight w (inf: unreached)
  pagerank    n reals: nx.pagerank, damping 0.85, weights ignored, tolerance 1e-15
  triangles   one integer: triangles of the undirected graph (directions and self-loops dropped)
  components  n integers: each vertex's component (undirected) as its lowest vertex
  betweenness n reals: nx.betweenness_centrality_subset from the ns sources to all
              vertices, unnormalized, on the directed graph
Reals are repr(float): the shortest text that reads back as the same double.
"""
import sys

import networkx as nx


def main():
    data = sys.stdin.read().split()
    pos = 0

    def take():
        nonlocal pos
        pos += 1
        return data[pos - 1]

    out = []
    for _ in range(int(take())):
        n, m, source, ns = int(take()), int(take()), int(take()), int(take())
        sources = [int(take()) for _ in range(ns)]
        D = nx.DiGraph()
        D.add_nodes_from(range(n))
        for _ in range(m):
            i, j, w = int(take()), int(take()), float(take())
            D.add_edge(i, j, weight=w)
        lv = nx.single_source_shortest_path_length(D, source)
        out.append(" ".join(str(lv.get(v, -1)) for v in range(n)))
        dist = nx.single_source_dijkstra_path_length(D, source, weight="weight")
        out.append(" ".join(repr(float(dist[v])) if v in dist else "inf" for v in range(n)))
        pr = nx.pagerank(D, alpha=0.85, weight=None, tol=1e-15, max_iter=100000)
        out.append(" ".join(repr(float(pr[v])) for v in range(n)))
        U = nx.Graph()
        U.add_nodes_from(range(n))
        U.add_edges_from((i, j) for i, j in D.edges() if i != j)
        out.append(str(sum(nx.triangles(U).values()) // 3))
        label = [0] * n
        for comp in nx.connected_components(U):
            low = min(comp)
            for v in comp:
                label[v] = low
        out.append(" ".join(map(str, label)))
        bc = nx.betweenness_centrality_subset(D, sources, list(range(n)), normalized=False, weight=None)
        out.append(" ".join(repr(float(bc[v])) for v in range(n)))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
