# Summarises bench/rebuild.sh's rebuild.tsv: per layout, size, search
# setting and kind, the median (min–max) of wall and CPU seconds over the
# runs, and the median of each run's ratio to that run's cold build.
function median(list, n,    a, i, j, t, k) {
  k = split(list, a, " ")
  for (i = 2; i <= k; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
  lo = a[1]; hi = a[k]
  return (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
}
NR == 1 { next }
{
  g = $1 "\t" $2 "\t" $3; k = g "\t" $5
  if (!(g in seen)) { seen[g] = 1; order[++groups] = g }
  wall[k] = wall[k] " " $6; cpu[k] = cpu[k] " " $7; reused[k] = $8
  if ($5 == "cold") { cw[g, $4] = $6; cc[g, $4] = $7 }
  else { rw[k] = rw[k] " " $6 / cw[g, $4]; rc[k] = rc[k] " " $7 / cc[g, $4] }
}
END {
  printf "%-7s %6s %-6s %-9s %22s %22s %13s %13s %8s\n", "layout", "pages", "search", "kind", "wall s (min-max)", "cpu s (min-max)", "wall x cold", "cpu x cold", "reused"
  for (i = 1; i <= groups; i++) {
    split(order[i], f, "\t")
    for (n = 1; n <= 4; n++) {
      kind = (n == 1) ? "cold" : (n == 2) ? "nochange" : (n == 3) ? "onepage" : "nextpage"; k = order[i] "\t" kind
      if (!(k in wall)) continue
      mw = median(wall[k]); wr = sprintf("%.2f (%.2f-%.2f)", mw, lo, hi)
      mc = median(cpu[k]); cr = sprintf("%.2f (%.2f-%.2f)", mc, lo, hi)
      xw = (kind == "cold") ? "1" : sprintf("%.3f", median(rw[k]))
      xc = (kind == "cold") ? "1" : sprintf("%.3f", median(rc[k]))
      printf "%-7s %6s %-6s %-9s %22s %22s %13s %13s %8s\n", f[1], f[2], f[3], kind, wr, cr, xw, xc, reused[k]
    }
  }
}
