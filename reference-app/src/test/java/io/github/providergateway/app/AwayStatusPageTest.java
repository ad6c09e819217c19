package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.agent.hook.OfflineDecision;
import io.github.providergateway.agent.hook.PersonAway;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.home.HookSpool;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.transport.testing.RawHttp;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The status page says the person is away (decision 321), as {@code gateway status} does: {@code
 * Away until 17:30 (gateway away): N calls held so far …}, first among the gateway's notes, on a
 * real gateway on a free port whose timers run on a manual clock. The count is what {@code gateway
 * back} lists: a call the command hook held before this gateway started (taken into the trail at
 * its start), one its HTTP hook holds, one the command hook keeps while it runs. The line is
 * escaped as the rest of the page.
 */
class AwayStatusPageTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ZoneOffset PARIS_SUMMER = ZoneOffset.ofHours(2);
  private static final String TAG_PUSH = "git push origin v1.2.3";
  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir Path dir;

  /** 14:00Z is 16:00 in Paris: away since 13:00 there, until 17:30. */
  private final ManualClock clock = new ManualClock(Instant.parse("2026-04-26T14:00:00Z"));

  private Path home(String name) throws Exception {
    return Files.createDirectory(
        dir.resolve(name),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  /** The gateway's notes on its page, as an open page reads them. */
  private static List<String> notes(RpcApp app) throws Exception {
    URI link = URI.create(app.request("{\"cmd\":\"status.link\"}").get("url").asText());
    RawHttp.Answer opened =
        RawHttp.get(link.getPort(), link.getRawPath() + "?" + link.getRawQuery(), Map.of());
    String cookie = opened.headers().get("set-cookie").split(";")[0];
    JsonNode snapshot =
        JSON.readTree(
            RawHttp.get(link.getPort(), "/status/snapshot", Map.of("Cookie", cookie)).body());
    List<String> notes = new java.util.ArrayList<>();
    snapshot.get("notes").forEach(note -> notes.add(note.asText()));
    return notes;
  }

  /** Waits for the page's first note to be {@code line}. */
  private static void awaitFirstNote(RpcApp app, String line) {
    Await.until(
        WAIT,
        () -> {
          List<String> notes = notes(app);
          return !notes.isEmpty() && notes.get(0).equals(line);
        },
        () -> {
          try {
            return "the page's first note is " + line + "; it has " + notes(app);
          } catch (Exception e) {
            return e.toString();
          }
        });
  }

  private static String awayLine(String held) {
    return "Away until 17:30 (gateway away): "
        + held
        + " held so far ('gateway back' lists them); every agent's question is a deny kept for"
        + " your return; 'gateway back' ends it";
  }

  private static OfflineDecision heldByTheCommandHook(String call) {
    return new OfflineDecision(
        AgentKind.CODEX, "shell", false, call + ": asked: tag?", "release.tag-pushed", true);
  }

  @Test
  void thePageSaysUntilWhenAndCountsTheCallsHeldAsBackListsThem() throws Exception {
    Path home = home("home");
    OffsetDateTime since = OffsetDateTime.of(2026, 4, 26, 13, 0, 0, 0, PARIS_SUMMER);
    Files.writeString(
        home.resolve(PersonAway.FILE),
        PersonAway.text(since, OffsetDateTime.of(2026, 4, 26, 17, 30, 0, 0, PARIS_SUMMER)));
    Path logs = Files.createDirectories(home.resolve("logs"));
    // Held while no gateway ran, since the person went: the next gateway takes it into its trail.
    HookSpool.keep(logs, heldByTheCommandHook("npm publish"), clock.instant().minusSeconds(600));

    try (RpcApp app = RpcApp.startOnClock(home, clock)) {
      awaitFirstNote(app, awayLine("1 call"));

      String hookToken = ClientTokens.hooks(home).issue("claude");
      HttpResponse<String> hook =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .build()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + app.url().getPort() + "/hooks/claude"))
                      .header("Content-Type", "application/json")
                      .header("Authorization", "Bearer " + hookToken)
                      .POST(
                          HttpRequest.BodyPublishers.ofString(
                              "{\"session_id\":\"a1\",\"cwd\":\"/code/test\","
                                  + "\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\","
                                  + "\"tool_input\":{\"command\":\""
                                  + TAG_PUSH
                                  + "\"}}"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(hook.body()).contains("\"permissionDecision\":\"deny\"", "the person is away");
      awaitFirstNote(app, awayLine("2 calls"));

      // The command hook of another agent, while this gateway runs: in its spool until the next.
      HookSpool.keep(logs, heldByTheCommandHook("git push origin v2"), clock.instant());
      awaitFirstNote(app, awayLine("3 calls"));

      AppRun back = AppRun.of(List.of("back", "--home", home.toString()), Map.of());
      assertThat(back.out())
          .as(back.err())
          .contains("3 calls were denied (not run) and kept for your return");
      app.endInput();
      app.awaitExit();
    }
  }

  /**
   * What the line says of an away file that cannot be read (its path, the home's name) comes as the
   * page shows every text: a character that would reorder it is its escape.
   */
  @Test
  void theLineIsEscapedAsTheRestOfThePage() throws Exception {
    Path home = home("home-\u202Edrow");
    Files.writeString(home.resolve(PersonAway.FILE), "{\"since\": torn");

    try (RpcApp app = RpcApp.startOnClock(home, clock)) {
      String first =
          Await.value(
              WAIT,
              () -> {
                List<String> notes = notes(app);
                return notes.isEmpty() || !notes.get(0).startsWith("Away ") ? null : notes.get(0);
              },
              () -> "the away line");

      assertThat(first)
          .startsWith("Away (the gateway's away file cannot be read: ")
          .contains("home-\\u202Edrow")
          .doesNotContain("\u202E")
          .contains("until gateway back (gateway away): 0 calls held so far");
      app.endInput();
      app.awaitExit();
    }
  }
}
