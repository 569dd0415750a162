// One autocannon run and its printout, shared by bench:api and bench:discover.
import autocannon from 'autocannon';

export const connections = 20;
export const durationSeconds = 10;

/**
 * Loads one URL for `durationSeconds` with `connections` connections; bounded even if one hangs.
 * `requests` (autocannon's) varies them, such as a path of its own for each request.
 */
export function load(url, headers = {}, requests = undefined) {
  return new Promise((resolve, reject) => {
    const options = { url, connections, duration: durationSeconds, headers, ...(requests && { requests }) };
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    const guard = setTimeout(() => instance.stop(), (durationSeconds + 15) * 1000);
    instance.once('done', () => clearTimeout(guard));
  });
}

/** Prints throughput, latency percentiles and failures; returns the average requests/s. */
export function report(label, result) {
  const { latency, requests } = result;
  const fixed = (value) => Number(value).toFixed(1).padStart(7);
  console.log(`\n${label}`);
  console.log(
    `  requests/s   avg ${Math.round(requests.average)}   (total ${requests.total} in ${result.duration.toFixed(1)} s)`,
  );
  console.log(
    `  latency ms   p50 ${fixed(latency.p50)}   p90 ${fixed(latency.p90)}   p99 ${fixed(latency.p99)}   max ${fixed(latency.max)}`,
  );
  console.log(`  non-2xx ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}`);
  return requests.average;
}
