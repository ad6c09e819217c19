package io.github.providergateway.app.guard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 66: the organisation's policy fetched from a real HTTP server on a free port (and a {@code
 * file:} URL, and through a real proxy), checked and kept, on a manual clock that drives the
 * refresh, the expiry and the fetch's timeout.
 */
class OrgPolicyTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final Instant START = Instant.parse("2026-11-01T00:00:00Z");
  private static final Duration TIMEOUT = Duration.ofSeconds(10);
  private static final Duration REFRESH = Duration.ofMinutes(15);

  @TempDir Path temp;

  private final ManualClock clock = new ManualClock(START);
  private final ExecutorService io = Executors.newCachedThreadPool();
  private final List<Decision> audit = new CopyOnWriteArrayList<>();
  private final List<String> loud = new CopyOnWriteArrayList<>();
  private PolicyServer server;
  private Path key;
  private Path home;
  private HomeGuard guard;
  private OrgPolicy policy;

  @BeforeEach
  void setUp() throws Exception {
    server = new PolicyServer();
    key = temp.resolve("team.key");
    PolicyKeys.generate(key);
    home = Files.createDirectories(temp.resolve("home"));
    guard = new HomeGuard(GuardSettings.defaults(), HomeGuard.environment(home, Map.of()), p -> {});
  }

  @AfterEach
  void tearDown() {
    if (policy != null) {
      policy.close();
    }
    server.close();
    io.shutdownNow();
  }

  private PolicySettings settings(URI url, long maxBytes) throws Exception {
    return new PolicySettings(
        true,
        url,
        PolicyKeys.readPublicKey(PolicyKeys.publicFileOf(key)),
        REFRESH,
        PolicySettings.WithoutPolicy.DENY,
        maxBytes,
        TIMEOUT,
        List.of());
  }

  private OrgPolicy policy(PolicySettings settings, Map<String, String> env) {
    HttpClient client = HttpClient.newBuilder().proxy(new EnvironmentProxies(env)).build();
    PolicyFetcher fetcher =
        new PolicyFetcher(() -> client, io, clock, settings.maxBytes(), settings.timeout());
    return new OrgPolicy(
        settings, fetcher, home, clock, clock, audit::add, guard::organisation, loud::add);
  }

  private OrgPolicy started() throws Exception {
    policy = policy(settings(server.url(), PolicySettings.DEFAULT_MAX_BYTES), Map.of());
    policy.start();
    return policy;
  }

  private static byte[] document(long version, Instant expires) {
    return ("{\"version\": "
            + version
            + ", \"expires\": \""
            + expires
            + "\", \"guard\": {\"preset\": \"standard\", \"rules\": [{\"id\": \"org.v"
            + version
            + "\", \"action\": \"deny\", \"command\": \"forbidden-v"
            + version
            + "\"}]}}")
        .getBytes(UTF_8);
  }

  private void serve(long version) throws Exception {
    serve(document(version, START.plus(Duration.ofDays(30))));
  }

  private void serve(byte[] bytes) throws Exception {
    server.serve(bytes, PolicyKeys.sign(bytes, key));
  }

  private void refresh() throws Exception {
    policy.refresh().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  private Outcome shell(String command) {
    return guard
        .decide(
            new GuardCall(
                "shell",
                JsonNodeFactory.instance.objectNode().put("command", command),
                null,
                temp,
                null))
        .outcome();
  }

  private List<String> codes() {
    return audit.stream().map(Decision::code).toList();
  }

  private Decision last() {
    return audit.get(audit.size() - 1);
  }

  @Test
  void withNoPolicyYetEveryCallIsDeniedThenAVerifiedPolicyIsPutInForceAndKept() throws Exception {
    serve(1);
    started();
    assertThat(policy.inForce()).isInstanceOf(OrgLayer.Deny.class);
    assertThat(shell("ls")).isEqualTo(Outcome.DENY);
    assertThat(codes()).containsExactly("policy.missing");
    assertThat(loud).anyMatch(line -> line.startsWith("NO ORGANISATION POLICY IN FORCE"));

    refresh();

    assertThat(policy.label().get()).isEqualTo("org:v1");
    assertThat(shell("ls")).isEqualTo(Outcome.ALLOW);
    assertThat(shell("forbidden-v1")).isEqualTo(Outcome.DENY);
    assertThat(last().code()).isEqualTo("policy.changed");
    assertThat(last().kind()).isEqualTo(DecisionKind.OTHER);
    assertThat(last().reason())
        .contains("org:v1 in force (was deny)")
        .contains(server.url().toString());
    Path kept = KeptPolicy.file(home);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(kept)))
        .isEqualTo("rw-------");
    KeptPolicy read = KeptPolicy.read(home);
    assertThat(read.lastGood().version()).isEqualTo(1);
    assertThat(read.lastGood().policy()).isEqualTo(document(1, START.plus(Duration.ofDays(30))));
    assertThat(read.inForce()).isEqualTo("org:v1");
  }

  @Test
  void theEtagIsSentAndA304KeepsThePolicyInForce() throws Exception {
    serve(1);
    started();
    refresh();
    int changes = audit.size();

    refresh();

    assertThat(server.requests.get(server.requests.size() - 1)).contains("If-None-Match \"");
    assertThat(policy.label().get()).isEqualTo("org:v1");
    assertThat(audit).hasSize(changes);
    assertThat(policy.kept().lastError()).isNull();
  }

  @Test
  void aNewerVersionReplacesTheOneInForce() throws Exception {
    serve(1);
    started();
    refresh();
    serve(2);

    refresh();

    assertThat(policy.label().get()).isEqualTo("org:v2");
    assertThat(last().reason()).contains("org:v2 in force (was org:v1)");
    assertThat(shell("forbidden-v2")).isEqualTo(Outcome.DENY);
    assertThat(shell("forbidden-v1")).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aBadSignatureIsRefusedAndTheLastGoodPolicyStays() throws Exception {
    serve(1);
    started();
    refresh();
    Path other = temp.resolve("other.key");
    PolicyKeys.generate(other);
    byte[] forged = document(2, START.plus(Duration.ofDays(30)));
    server.serve(forged, PolicyKeys.sign(forged, other));

    refresh();

    assertThat(policy.label().get()).isEqualTo("org:v1");
    assertThat(last().code()).isEqualTo("policy.refused");
    assertThat(last().outcome()).isEqualTo(Decision.Outcome.REFUSED);
    assertThat(last().reason()).contains("bad signature").contains("org:v1 stays in force");
    assertThat(policy.kept().lastError()).contains("bad signature");
    assertThat(shell("forbidden-v1")).isEqualTo(Outcome.DENY);
  }

  @Test
  void aPolicyWithNoSignatureIsRefused() throws Exception {
    server.serve(document(1, START.plus(Duration.ofDays(30))), null);
    started();

    refresh();

    assertThat(policy.inForce()).isInstanceOf(OrgLayer.Deny.class);
    assertThat(last().reason()).contains("no signature: HTTP 404");
    assertThat(shell("ls")).isEqualTo(Outcome.DENY);
  }

  @Test
  void anOlderVersionIsRefused() throws Exception {
    serve(2);
    started();
    refresh();
    serve(1);

    refresh();

    assertThat(policy.label().get()).isEqualTo("org:v2");
    assertThat(last().reason()).contains("version 1 is older than the last good one, 2");
  }

  @Test
  void theSameVersionWithOtherBytesIsRefused() throws Exception {
    serve(document(1, START.plus(Duration.ofDays(30))));
    started();
    refresh();
    serve(document(1, START.plus(Duration.ofDays(60))));

    refresh();

    assertThat(policy.kept().lastGood().policy())
        .isEqualTo(document(1, START.plus(Duration.ofDays(30))));
    assertThat(last().reason()).contains("version 1 again, with other bytes");
  }

  @Test
  void anExpiredPolicyIsRefused() throws Exception {
    serve(document(1, START.minusSeconds(1)));
    started();

    refresh();

    assertThat(policy.inForce()).isInstanceOf(OrgLayer.Deny.class);
    assertThat(last().reason()).contains("expired at " + START.minusSeconds(1));
  }

  @Test
  void signedBytesThatAreNoPolicyAreRefused() throws Exception {
    serve("{\"version\": \"twelve\"}".getBytes(UTF_8));
    started();

    refresh();

    assertThat(last().reason()).contains("not a policy: 'version' must be an integer");
  }

  @Test
  void thePolicyInForceExpiresOnTheClockAndWithoutPolicyDecides() throws Exception {
    serve(document(1, START.plus(Duration.ofHours(1))));
    started();
    refresh();

    clock.advance(Duration.ofHours(1).minusMillis(1));
    assertThat(policy.label().get()).isEqualTo("org:v1");
    clock.advance(Duration.ofMillis(1));

    assertThat(policy.inForce()).isInstanceOf(OrgLayer.Deny.class);
    assertThat(codes()).contains("policy.expired");
    assertThat(shell("ls")).isEqualTo(Outcome.DENY);
  }

  @Test
  void aBodyPastMaxBytesIsRefused() throws Exception {
    byte[] big = new byte[64 * 1024];
    java.util.Arrays.fill(big, (byte) ' ');
    serve(big);
    policy = policy(settings(server.url(), 1024), Map.of());
    policy.start();

    refresh();

    assertThat(last().reason()).contains("larger than the policy's maxBytes, 1024 bytes");
  }

  @Test
  void aSlowServerFailsTheFetchAtTheTimeoutOnTheClock() throws Exception {
    serve(1);
    started();
    CountDownLatch release = server.holdAnswers();
    try {
      CompletableFuture<Void> fetch = policy.refresh();
      Await.until(WAIT, () -> !server.requests.isEmpty(), () -> "the request at the server");

      clock.advance(TIMEOUT.minusMillis(1));
      assertThat(fetch).isNotDone();
      clock.advance(Duration.ofMillis(1));

      fetch.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
      assertThat(last().reason()).contains("no answer from " + server.url() + " within 10s");
      assertThat(policy.inForce()).isInstanceOf(OrgLayer.Deny.class);
    } finally {
      release.countDown();
    }
  }

  @Test
  void aFileUrlIsReadWithItsSignatureBeside() throws Exception {
    Path file = temp.resolve("policy.json");
    byte[] bytes = document(4, START.plus(Duration.ofDays(1)));
    Files.write(file, bytes);
    Files.writeString(PolicyKeys.signatureFileOf(file), PolicyKeys.sign(bytes, key) + "\n");
    policy = policy(settings(file.toUri(), PolicySettings.DEFAULT_MAX_BYTES), Map.of());
    policy.start();

    refresh();

    assertThat(policy.label().get()).isEqualTo("org:v4");
  }

  @Test
  void theProxyOfTheStandardVariablesIsUsed() throws Exception {
    serve(5);
    // Nothing listens at port 1: only the proxy can answer.
    URI unreachable = URI.create("http://localhost:1/policy.json");
    policy =
        policy(
            settings(unreachable, PolicySettings.DEFAULT_MAX_BYTES),
            Map.of("http_proxy", "http://127.0.0.1:" + server.port()));
    policy.start();

    refresh();

    assertThat(policy.label().get()).isEqualTo("org:v5");
    assertThat(server.requests).anyMatch(r -> r.startsWith("http://localhost:1/policy.json"));
  }

  @Test
  void noProxyNamesHostsThatAreReachedDirectly() {
    EnvironmentProxies proxies =
        new EnvironmentProxies(
            Map.of(
                "HTTPS_PROXY", "http://proxy.corp:3128", "no_proxy", "localhost,.internal.corp"));

    assertThat(proxies.select(URI.create("https://policy.example.com/p.json")).get(0).address())
        .hasToString("proxy.corp/<unresolved>:3128");
    assertThat(proxies.select(URI.create("https://git.internal.corp/p.json")).get(0))
        .isEqualTo(java.net.Proxy.NO_PROXY);
    assertThat(proxies.select(URI.create("https://localhost:8443/p.json")).get(0))
        .isEqualTo(java.net.Proxy.NO_PROXY);
  }

  @Test
  void theKeptPolicyIsUsedAtStartBeforeAnyFetch() throws Exception {
    serve(1);
    started();
    refresh();
    policy.close();
    int requests = server.requests.size();

    policy = policy(settings(server.url(), PolicySettings.DEFAULT_MAX_BYTES), Map.of());
    policy.start();

    assertThat(policy.label().get()).isEqualTo("org:v1");
    assertThat(server.requests).hasSize(requests);
    assertThat(last().reason()).contains("from kept copy of " + server.url());
    assertThat(shell("forbidden-v1")).isEqualTo(Outcome.DENY);
  }

  @Test
  void aTamperedKeptPolicyIsRefusedAtStart() throws Exception {
    serve(1);
    started();
    refresh();
    policy.close();
    KeptPolicy kept = KeptPolicy.read(home);
    byte[] loosened = document(1, START.plus(Duration.ofDays(30)));
    String text = new String(loosened, UTF_8).replace("\"deny\"", "\"ask\"");
    new KeptPolicy(
            new KeptPolicy.Good(
                text.getBytes(UTF_8), kept.lastGood().signature(), null, "x", START, 1),
            null,
            null,
            null,
            null)
        .write(home);

    policy = policy(settings(server.url(), PolicySettings.DEFAULT_MAX_BYTES), Map.of());
    policy.start();

    assertThat(policy.inForce()).isInstanceOf(OrgLayer.Deny.class);
    assertThat(audit).anyMatch(d -> d.reason().contains("the kept policy: bad signature"));
    assertThat(shell("ls")).isEqualTo(Outcome.DENY);
  }

  /**
   * An attack with the person's account (issue 78): the kept file's {@code version} raised to
   * 999999 made every newer policy "older than the last good one", pinning the old one. The floor
   * is the signed version: v2 is taken, and the edit is recorded.
   */
  @Test
  void aVersionRaisedInTheKeptFileDoesNotPinTheOldPolicy() throws Exception {
    serve(1);
    started();
    refresh();
    policy.close();
    KeptPolicy kept = KeptPolicy.read(home);
    KeptPolicy.Good good = kept.lastGood();
    new KeptPolicy(
            new KeptPolicy.Good(
                good.policy(), good.signature(), good.etag(), good.source(), START, 999_999),
            kept.inForce(),
            null,
            null,
            null)
        .write(home);
    serve(2);

    policy = policy(settings(server.url(), PolicySettings.DEFAULT_MAX_BYTES), Map.of());
    policy.start();
    refresh();

    assertThat(policy.label().get()).isEqualTo("org:v2");
    assertThat(audit)
        .anyMatch(d -> d.reason().contains("version field says 999999, its signed bytes 1"));
    assertThat(shell("forbidden-v2")).isEqualTo(Outcome.DENY);
  }

  /**
   * The other half of that attack: the new policy's ETag written into the kept file made the server
   * answer 304 and the old policy stayed, silently. A run's first fetch sends no ETag.
   */
  @Test
  void theFirstFetchOfARunSendsNoEtagSoAnEditedOneCannotKeepTheOldPolicy() throws Exception {
    serve(1);
    started();
    refresh();
    policy.close();
    serve(2);
    String newEtag =
        "\"" + java.util.Arrays.hashCode(document(2, START.plus(Duration.ofDays(30)))) + "\"";
    KeptPolicy kept = KeptPolicy.read(home);
    KeptPolicy.Good good = kept.lastGood();
    new KeptPolicy(
            new KeptPolicy.Good(
                good.policy(), good.signature(), newEtag, good.source(), START, good.version()),
            kept.inForce(),
            null,
            null,
            null)
        .write(home);
    int before = server.requests.size();

    policy = policy(settings(server.url(), PolicySettings.DEFAULT_MAX_BYTES), Map.of());
    policy.start();
    refresh();

    assertThat(server.requests.subList(before, server.requests.size()))
        .noneMatch(request -> request.contains("If-None-Match"));
    assertThat(policy.label().get()).isEqualTo("org:v2");

    refresh();

    assertThat(server.requests.get(server.requests.size() - 1)).contains("If-None-Match \"");
  }

  /**
   * Issue 78: every redirect hop meets the URL's rule. A loopback {@code http:} URL that redirects
   * to plain {@code http:} on another host is refused (nothing is fetched from there); one that
   * redirects on this machine is followed.
   */
  @Test
  void aRedirectToPlainHttpOnAnotherHostIsRefusedAndOneOnThisMachineFollowed() throws Exception {
    serve(1);
    com.sun.net.httpserver.HttpServer redirector =
        com.sun.net.httpserver.HttpServer.create(
            new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
    String away = "http://203.0.113.7/policy.json";
    redirector.createContext(
        "/away",
        exchange -> {
          exchange.getResponseHeaders().add("Location", away);
          exchange.sendResponseHeaders(302, -1);
          exchange.close();
        });
    redirector.createContext(
        "/here",
        exchange -> {
          String rest = exchange.getRequestURI().getPath().substring("/here".length());
          exchange.getResponseHeaders().add("Location", server.url().resolve(rest).toString());
          exchange.sendResponseHeaders(307, -1);
          exchange.close();
        });
    redirector.start();
    try {
      URI base = URI.create("http://127.0.0.1:" + redirector.getAddress().getPort());
      String file = server.url().getPath().substring(1);

      policy =
          policy(
              settings(base.resolve("/away/" + file), PolicySettings.DEFAULT_MAX_BYTES), Map.of());
      policy.start();
      refresh();
      assertThat(policy.inForce()).isInstanceOf(OrgLayer.Deny.class);
      assertThat(policy.kept().lastError())
          .contains("the redirect from " + base + "/away/" + file + " is refused")
          .contains(away + " is neither https:// nor http:// to this machine");
      policy.close();

      policy =
          policy(
              settings(base.resolve("/here/" + file), PolicySettings.DEFAULT_MAX_BYTES), Map.of());
      policy.start();
      refresh();
      assertThat(policy.label().get()).isEqualTo("org:v1");
    } finally {
      redirector.stop(0);
    }
  }

  @Test
  void anExpiredKeptPolicyMeansNoPolicyAtStart() throws Exception {
    serve(document(1, START.plus(Duration.ofHours(1))));
    started();
    refresh();
    policy.close();
    clock.advance(Duration.ofHours(2));

    policy = policy(settings(server.url(), PolicySettings.DEFAULT_MAX_BYTES), Map.of());
    policy.start();

    assertThat(policy.inForce()).isInstanceOf(OrgLayer.Deny.class);
    assertThat(last().code()).isEqualTo("policy.expired");
    assertThat(last().reason()).contains("the kept policy v1 expired");
  }

  @Test
  void theRefreshRunsAtStartAndOnTheInterval() throws Exception {
    serve(1);
    started();
    clock.advance(Duration.ZERO);
    Await.until(WAIT, () -> "org:v1".equals(policy.label().get()), () -> "v1 in force");
    serve(2);

    clock.advance(REFRESH.minusMillis(1));
    assertThat(policy.label().get()).isEqualTo("org:v1");
    clock.advance(Duration.ofMillis(1));

    Await.until(WAIT, () -> "org:v2".equals(policy.label().get()), () -> "v2 in force");
  }
}
