-- wrk script for make bench: sends the request described by the environment and
-- prints one machine-readable line (BENCH {...}) that bench/run.sh turns into the table.
--   WRK_METHOD  GET (default) or POST
--   WRK_BODY    request body for POST (sent with content-type: application/json)
local method = os.getenv("WRK_METHOD") or "GET"
wrk.method = method
if method == "POST" then
  wrk.body = os.getenv("WRK_BODY") or ""
  wrk.headers["Content-Type"] = "application/json"
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH {"requests":%d,"duration_us":%d,"rps":%.1f,"p50_us":%d,"p99_us":%d,"max_us":%d,' ..
    '"err_connect":%d,"err_read":%d,"err_write":%d,"err_status":%d,"err_timeout":%d}\n',
    summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
