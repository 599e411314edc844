#!/usr/bin/awk -f
# Summarises bench/compare.sh's results.tsv (size tool run wall cpu rss_kb):
# a Markdown table of medians per size and tool, ratios against tilebook,
# and the growth from the smallest to the largest size. Run 0 is ignored.
BEGIN { FS = "\t" }
{
  if (!($1 in seen_size)) { seen_size[$1] = 1; sizes[++ns] = $1 }
  if (!($2 in seen_tool)) { seen_tool[$2] = 1; tools[++nt] = $2 }
}
$3 != 0 {
  key = $1 SUBSEP $2
  n[key]++
  wall[key, n[key]] = $4; cpu[key, n[key]] = $5; rss[key, n[key]] = $6
}
function median(arr, key, count,    i, j, t, v) {
  for (i = 1; i <= count; i++) v[i] = arr[key, i]
  for (i = 2; i <= count; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
  return (count % 2) ? v[(count + 1) / 2] : (v[count / 2] + v[count / 2 + 1]) / 2
}
END {
  print "| pages | tool | wall s | CPU s | peak RSS MB | pages/s | wall ×tilebook | CPU ×tilebook | RSS ×tilebook |"
  print "|---:|---|---:|---:|---:|---:|---:|---:|---:|"
  for (s = 1; s <= ns; s++) {
    size = sizes[s]
    base = size SUBSEP "tilebook"
    if (n[base]) { bw = median(wall, base, n[base]); bc = median(cpu, base, n[base]); br = median(rss, base, n[base]) }
    for (t = 1; t <= nt; t++) {
      key = size SUBSEP tools[t]
      if (!n[key]) continue
      w = median(wall, key, n[key]); c = median(cpu, key, n[key]); r = median(rss, key, n[key])
      mw[key] = w; mr[key] = r; mc[key] = c
      printf "| %s | %s | %.2f | %.2f | %.0f | %.0f | %s | %s | %s |\n", size, tools[t], w, c, r / 1024, (w > 0 ? size / w : 0),
        (n[base] && bw > 0 ? sprintf("%.2f", w / bw) : "-"),
        (n[base] && bc > 0 ? sprintf("%.2f", c / bc) : "-"),
        (n[base] && br > 0 ? sprintf("%.2f", r / br) : "-")
    }
  }
  if (ns >= 2) {
    lo = sizes[1]; hi = sizes[ns]
    printf "\nGrowth %s → %s pages (×%g pages):\n\n", lo, hi, hi / lo
    print "| tool | wall ×growth | CPU ×growth | peak RSS ×growth |"
    print "|---|---:|---:|---:|"
    for (t = 1; t <= nt; t++) {
      a = lo SUBSEP tools[t]; b = hi SUBSEP tools[t]
      if (!n[a] || !n[b] || mw[a] == 0) continue
      printf "| %s | %.2f | %.2f | %.2f |\n", tools[t], mw[b] / mw[a], (mc[a] > 0 ? mc[b] / mc[a] : 0), mr[b] / mr[a]
    }
  }
  big = sizes[ns]
  tb = big SUBSEP "tilebook"; hu = big SUBSEP "hugo"; rw = big SUBSEP "raw"
  if (n[tb]) {
    printf "\nTargets at %s pages:\n", big
    if (n[hu]) printf "- wall vs Hugo: %.3f× (target ≤ 0.2×)\n- peak RSS vs Hugo: %.3f× (issue 16: ≤ 0.1×)\n", mw[tb] / mw[hu], mr[tb] / mr[hu]
    if (n[rw]) printf "- wall vs raw floor: %.2f× (issue 16: ≤ 2.5×)\n", mw[tb] / mw[rw]
    nn = big SUBSEP "tilebook-nonav"
    if (n[nn]) printf "- wall vs the same site with its navigation removed: %.2f× (issue 16: ≤ 1.2×)\n", mw[tb] / mw[nn]
    q = big SUBSEP "tilebook-noquiz"
    if (n[q]) printf "- the whole exercise feature (validating, writing ~6 KB of HTML per page, larger pages to hold and write), tilebook vs tilebook-noquiz: %+.1f%% wall, %+.1f%% CPU\n- exercise validation alone (target < 10%%): see the --timings table below\n", (mw[tb] / mw[q] - 1) * 100, (mc[tb] / mc[q] - 1) * 100
  }
}
