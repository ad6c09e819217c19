package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.loop.testing.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Who a front-door request comes from, and the watch on revoked tokens, on a manual clock. */
class McpHttpAuthenticationTest {

  @TempDir Path temp;
  private ClientTokens tokens;
  private McpHttpAuthentication authentication;
  private String token;

  @BeforeEach
  void aClientWithAToken() throws IOException {
    Path home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    tokens = ClientTokens.mcpHttp(home, new SplittableRandom(7));
    token = tokens.issue("claude");
    authentication = new McpHttpAuthentication(tokens);
  }

  @Test
  void aRequestsBearerTokenNamesItsClientAndAnyOtherNamesNone() {
    assertThat(authentication.clientOf(bearer(token)))
        .map(ClientTokens.Client::name)
        .contains("claude");
    assertThat(authentication.clientOf(bearer("mcp-wrong"))).isEmpty();
    assertThat(authentication.clientOf(request(Map.of()))).isEmpty();
  }

  @Test
  void withoutATokenThe401IsTheChallengeAloneAndWithAWrongOneItNamesTheError() {
    McpHttpError none = McpHttpAuthentication.unauthorized(request(Map.of()));
    assertThat(none.status()).isEqualTo(401);
    assertThat(none.headers().get("WWW-Authenticate"))
        .isEqualTo("Bearer realm=\"provider-gateway\"");
    assertThat(McpHttpAuthentication.unauthorized(bearer("mcp-wrong")).headers())
        .extractingByKey("WWW-Authenticate")
        .asString()
        .contains("error=\"invalid_token\"");
  }

  @Test
  void aChangeOfTheTokenFileIsReportedOnceAndNamesTheRevokedClients() {
    ClientTokens.Client claude = authentication.clientOf(bearer(token)).orElseThrow();
    // The first look reports the file as it is: nobody is revoked.
    assertThat(authentication.revokedSinceLastLook()).get().matches(p -> !p.test(claude));
    assertThat(authentication.revokedSinceLastLook()).isEmpty();
    tokens.revoke("claude");
    Predicate<ClientTokens.Client> revoked = authentication.revokedSinceLastLook().orElseThrow();
    assertThat(revoked.test(claude)).isTrue();
    assertThat(authentication.revokedSinceLastLook()).isEmpty();
  }

  @Test
  void theWatchLooksEveryTokenCheckNotOneTickBeforeUntilStopped() {
    ManualClock clock = new ManualClock();
    AtomicInteger looks = new AtomicInteger();
    authentication.watch(clock, looks::incrementAndGet);
    clock.advance(McpHttpAuthentication.TOKEN_CHECK.minusMillis(1));
    assertThat(looks).hasValue(0);
    clock.advance(Duration.ofMillis(1));
    assertThat(looks).hasValue(1);
    clock.advance(McpHttpAuthentication.TOKEN_CHECK);
    assertThat(looks).hasValue(2);
    authentication.stopWatching();
    clock.advance(McpHttpAuthentication.TOKEN_CHECK.multipliedBy(3));
    assertThat(looks).hasValue(2);
    assertThat(clock.pendingTasks()).isZero();
    authentication.stopWatching();
  }

  private static HttpRequest bearer(String token) {
    return request(Map.of("authorization", "Bearer " + token));
  }

  private static HttpRequest request(Map<String, String> headers) {
    return new HttpRequest("POST", McpHttpFrontDoor.PATH, null, headers, null);
  }
}
