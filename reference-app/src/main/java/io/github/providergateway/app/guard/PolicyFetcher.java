package io.github.providergateway.app.guard;

import static java.nio.charset.StandardCharsets.US_ASCII;

import io.github.providergateway.app.home.DurationText;
import io.github.providergateway.app.home.RegularFileRead;
import io.github.providergateway.loop.Scheduler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Fetches the organisation's policy and its detached signature ({@code <url>.sig}) from an {@code
 * https:} (or loopback {@code http:}) address or a {@code file:} one, within bounds: at most {@code
 * maxBytes} of policy (reading stops past it), 4 KiB of signature, and {@code timeout} for the
 * whole fetch, kept on the injected scheduler (a test's manual clock), which aborts the exchange
 * when it passes. HTTP sends {@code If-None-Match} with the last good policy's {@code ETag}, and a
 * {@code 304} keeps the current policy; the proxies are the standard variables' ({@link
 * EnvironmentProxies}) and the CA certificates the JDK's trust store (docs/team.md says how to
 * point it at the system's bundle).
 *
 * <p>The work runs on the executor it is given, never on a decision's thread: nothing a decision
 * waits for is here.
 */
final class PolicyFetcher {

  /** The largest signature read: an Ed25519 signature's base64 is 88 characters. */
  static final int MAX_SIGNATURE_BYTES = 4096;

  /** What a fetch came to. */
  sealed interface Result {}

  /** The server says the policy has not changed since the ETag sent. */
  record NotModified() implements Result {}

  /**
   * A policy and its signature, not yet checked.
   *
   * @param policy the policy's exact bytes
   * @param signature the signature's text
   * @param etag the policy's ETag, or null
   */
  record Fetched(byte[] policy, String signature, String etag) implements Result {}

  /**
   * Nothing usable came.
   *
   * @param reason what went wrong, a sentence
   */
  record Failed(String reason) implements Result {}

  private final Supplier<HttpClient> client;
  private final Executor executor;
  private final Scheduler scheduler;
  private final long maxBytes;
  private final Duration timeout;

  PolicyFetcher(
      Supplier<HttpClient> client,
      Executor io,
      Scheduler scheduler,
      long maxBytes,
      Duration timeout) {
    this.client = client;
    this.executor = io;
    this.scheduler = scheduler;
    this.maxBytes = Math.min(maxBytes, Integer.MAX_VALUE - 8);
    this.timeout = timeout;
  }

  /**
   * The fetcher of {@code settings}, its HTTP client (made at the first fetch) going through the
   * proxies {@code env} names.
   */
  static PolicyFetcher create(
      PolicySettings settings, Map<String, String> env, Executor io, Scheduler scheduler) {
    Supplier<HttpClient> client =
        new Supplier<>() {
          private HttpClient made;

          @Override
          public synchronized HttpClient get() {
            if (made == null) {
              made =
                  HttpClient.newBuilder()
                      .proxy(new EnvironmentProxies(env))
                      .connectTimeout(settings.timeout())
                      // Redirects are followed here, each hop checked (get).
                      .followRedirects(HttpClient.Redirect.NEVER)
                      .build();
            }
            return made;
          }
        };
    return new PolicyFetcher(client, io, scheduler, settings.maxBytes(), settings.timeout());
  }

  /** The most redirects one request follows. */
  static final int MAX_REDIRECTS = 5;

  private static final java.util.Set<Integer> REDIRECTS = java.util.Set.of(301, 302, 303, 307, 308);

  /**
   * Fetches {@code url} and {@code url.sig}.
   *
   * @param etag the last good policy's ETag, or null
   * @return the result, completed on the executor or by the timeout; never completes exceptionally
   */
  CompletableFuture<Result> fetch(URI url, String etag) {
    Attempt attempt = new Attempt();
    Scheduler.Cancellable timer =
        scheduler.schedule(
            timeout,
            () -> {
              attempt.result.complete(
                  new Failed("no answer from " + url + " within " + DurationText.format(timeout)));
              attempt.abort();
            });
    attempt.result.whenComplete((r, e) -> timer.cancel());
    executor.execute(
        () -> {
          Result result;
          try {
            result =
                "file".equalsIgnoreCase(url.getScheme())
                    ? fromFile(url)
                    : overHttp(url, etag, attempt);
          } catch (IOException e) {
            result = new Failed("cannot fetch " + url + ": " + e.getMessage());
          } catch (CancellationException e) {
            result = new Failed("the fetch of " + url + " was stopped");
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result = new Failed("the fetch of " + url + " was interrupted");
          } catch (RuntimeException e) {
            // A JDK refusal (a bad header, an unsupported address) is this fetch's failure only.
            result = new Failed("cannot fetch " + url + ": " + e);
          }
          attempt.result.complete(result);
        });
    return attempt.result;
  }

  private Result fromFile(URI url) throws IOException {
    Path file = Path.of(url);
    Path sig = PolicyKeys.signatureFileOf(file);
    byte[] policy = RegularFileRead.read(file, (int) maxBytes, scheduler, timeout);
    if (policy.length > maxBytes) {
      return tooLarge(url);
    }
    byte[] signature = RegularFileRead.read(sig, MAX_SIGNATURE_BYTES, scheduler, timeout);
    if (signature.length > MAX_SIGNATURE_BYTES) {
      return new Failed("the signature " + sig + " is larger than " + MAX_SIGNATURE_BYTES);
    }
    return new Fetched(policy, new String(signature, US_ASCII), null);
  }

  private Result overHttp(URI url, String etag, Attempt attempt)
      throws IOException, InterruptedException {
    HttpResponse<InputStream> response = get(url, etag, attempt);
    if (response.statusCode() == 304) {
      response.body().close();
      return new NotModified();
    }
    if (response.statusCode() != 200) {
      response.body().close();
      return new Failed("HTTP " + response.statusCode() + " from " + url);
    }
    byte[] policy = attempt.read(response.body(), maxBytes);
    if (policy.length > maxBytes) {
      return tooLarge(url);
    }
    String newEtag = response.headers().firstValue("ETag").orElse(null);
    URI sigUrl = URI.create(url + ".sig");
    HttpResponse<InputStream> sig = get(sigUrl, null, attempt);
    if (sig.statusCode() != 200) {
      sig.body().close();
      return new Failed("no signature: HTTP " + sig.statusCode() + " from " + sigUrl);
    }
    byte[] signature = attempt.read(sig.body(), MAX_SIGNATURE_BYTES);
    if (signature.length > MAX_SIGNATURE_BYTES) {
      return new Failed("the signature " + sigUrl + " is larger than " + MAX_SIGNATURE_BYTES);
    }
    return new Fetched(policy, new String(signature, US_ASCII), newEtag);
  }

  /**
   * {@code GET url}, following at most {@value #MAX_REDIRECTS} redirects, each to a URL the
   * policy's own URL could be ({@link PolicySettings#overTheNetwork}): never to plain {@code http:}
   * on another host, whatever the hop before was.
   */
  private HttpResponse<InputStream> get(URI url, String etag, Attempt attempt)
      throws IOException, InterruptedException {
    URI at = url;
    for (int hops = 0; ; hops++) {
      HttpRequest.Builder request = HttpRequest.newBuilder(at).GET().timeout(timeout);
      if (etag != null) {
        request.header("If-None-Match", etag);
      }
      HttpResponse<InputStream> response = attempt.send(client.get(), request.build());
      int status = response.statusCode();
      if (!REDIRECTS.contains(status)) {
        return response;
      }
      response.body().close();
      String location = response.headers().firstValue("Location").orElse(null);
      if (location == null) {
        throw new IOException("HTTP " + status + " from " + at + " names no Location");
      }
      if (hops == MAX_REDIRECTS) {
        throw new IOException("more than " + MAX_REDIRECTS + " redirects from " + url);
      }
      URI next;
      try {
        next = at.resolve(location);
      } catch (IllegalArgumentException e) {
        throw new IOException("HTTP " + status + " from " + at + " names a bad Location", e);
      }
      String refused = PolicySettings.overTheNetwork(next);
      if (refused != null) {
        throw new IOException("the redirect from " + at + " is refused: " + refused);
      }
      at = next;
    }
  }

  private Failed tooLarge(URI url) {
    return new Failed(url + " is larger than the policy's maxBytes, " + maxBytes + " bytes");
  }

  /** One fetch: its result, and what the timeout closes to abort it. */
  private static final class Attempt {
    final CompletableFuture<Result> result = new CompletableFuture<>();

    /** The exchange waiting for its headers; set and read across the io and timer threads. */
    private volatile CompletableFuture<?> exchange;

    /** The body being read; likewise. */
    private volatile InputStream body;

    HttpResponse<InputStream> send(HttpClient client, HttpRequest request)
        throws IOException, InterruptedException {
      if (result.isDone()) {
        throw new CancellationException();
      }
      CompletableFuture<HttpResponse<InputStream>> sent =
          client.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
      exchange = sent;
      if (result.isDone()) {
        sent.cancel(true); // the timeout came before the exchange was there to abort
      }
      try {
        HttpResponse<InputStream> response = sent.get();
        body = response.body();
        if (result.isDone()) {
          response.body().close(); // timed out between the headers and here
        }
        return response;
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        throw cause instanceof IOException io
            ? io
            : new IOException(String.valueOf(cause.getMessage()), cause);
      }
    }

    /** At most {@code max + 1} bytes of {@code in}: the caller sees it went past {@code max}. */
    byte[] read(InputStream in, long max) throws IOException {
      try (in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) != -1) {
          out.write(buffer, 0, n);
          if (out.size() > max) {
            break; // stop reading: the rest is never taken in
          }
        }
        return out.toByteArray();
      }
    }

    void abort() {
      CompletableFuture<?> waiting = exchange;
      if (waiting != null) {
        waiting.cancel(true);
      }
      InputStream reading = body;
      if (reading != null) {
        try {
          reading.close();
        } catch (IOException e) {
          // Closed to end a read the timeout already reported; nothing more to say.
        }
      }
    }
  }
}
