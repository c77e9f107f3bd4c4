-- wrk script for make bench: sends the request described by the environment and
-- prints one machine-readable line (BENCH {...}) that bench/run.mjs turns into the table.
--   WRK_METHOD  GET (default) or POST
--   WRK_BODY    request body for POST (sent with content-type: application/json)
--   WRK_SPREAD  "1": each request comes from its own client address (X-Forwarded-For
--               10.<thread>.<n>, 65,536 addresses per thread), so a per-address rate
--               limit of the server sees many clients instead of one flooding it
local method = os.getenv("WRK_METHOD") or "GET"
wrk.method = method
if method == "POST" then
  wrk.body = os.getenv("WRK_BODY") or ""
  wrk.headers["Content-Type"] = "application/json"
end

local threads = 0
function setup(thread)
  thread:set("tid", threads)
  threads = threads + 1
end

if os.getenv("WRK_SPREAD") == "1" then
  local n = 0
  function request()
    n = (n + 1) % 65536
    wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", tid, math.floor(n / 256), n % 256)
    return wrk.format()
  end
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
