package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.agent.hook.OfflineDecision;
import io.github.providergateway.agent.hook.PersonAway;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.HookSpool;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.host.AuditJson;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway away} and {@code gateway back} (decision 321) run as the jar runs them ({@link
 * Main#run}) against a home: away writes the home's state owner-only and says so, bad options are
 * usage errors, an earlier end is not taken; back removes it and lists the calls held in that time
 * only, from the trail and the hook's spool; and, end to end, a command hook call between them is
 * denied while away, listed by back, and asked again after.
 */
class AwayCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TAG_PUSH = "git push origin v1.2.3";

  @TempDir Path dir;
  private Path home;

  @BeforeEach
  void home() throws IOException {
    home =
        Files.createDirectory(
            dir.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  private AppRun gateway(String... args) {
    List<String> line = new java.util.ArrayList<>(List.of(args));
    line.addAll(List.of("--home", home.toString()));
    return AppRun.of(line, Map.of());
  }

  private PersonAway person() {
    return PersonAway.of(home, Clock.systemUTC());
  }

  @Test
  void awayWritesTheHomesStateOwnerOnlyAndSaysWhatItDid() throws IOException {
    AppRun away = gateway("away", "--for", "3h");

    assertThat(away.exit()).as(away.err()).isZero();
    assertThat(away.out())
        .startsWith("away until ")
        .contains("every agent's question is now a deny kept for your return")
        .contains("'gateway back' when you are");
    Path file = home.resolve(PersonAway.FILE);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    PersonAway.Away state = person().now().orElseThrow();
    assertThat(Duration.between(state.since(), state.until()))
        .isBetween(Duration.ofHours(3).minusSeconds(1), Duration.ofHours(3).plusSeconds(1));
    assertThat(home.resolve(PersonAway.FILE + ".tmp")).as("written then moved").doesNotExist();
  }

  /**
   * Before any gateway ran there is no home, yet a hook set up by hand already reads the away state
   * there: away makes the home as a gateway does, owner-only, instead of refusing.
   */
  @Test
  void awayBeforeAnyGatewayRanMakesTheHomeOwnerOnly() throws IOException {
    Path fresh = dir.resolve("never-ran").resolve("gateway");

    AppRun away = AppRun.of(List.of("away", "--for", "1h", "--home", fresh.toString()), Map.of());

    assertThat(away.exit()).as(away.err()).isZero();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)))
        .isEqualTo("rwx------");
    assertThat(PersonAway.of(fresh, Clock.systemUTC()).now()).isPresent();
  }

  @Test
  void badOptionsAreUsageErrorsThatSayWhatTheyTake() {
    AppRun duration = gateway("away", "--for", "soon");
    AppRun time = gateway("away", "--until", "25:00");
    AppRun both = gateway("away", "--for", "1h", "--until", "17:30");

    assertThat(duration.exit()).isEqualTo(ExitCodes.USAGE);
    assertThat(duration.err()).contains("gateway away: --for takes a duration such as 3h or 90m");
    assertThat(time.exit()).isEqualTo(ExitCodes.USAGE);
    assertThat(time.err()).contains("gateway away: --until takes a time of day, HH:MM (17:30)");
    assertThat(both.exit()).isEqualTo(ExitCodes.USAGE);
    assertThat(both.err()).contains("give --for or --until, not both");
    assertThat(home.resolve(PersonAway.FILE)).doesNotExist();
  }

  /** Anyone may run away, an agent too: so an earlier end, which would lower it, is not taken. */
  @Test
  void anEarlierEndIsNotTakenALaterOneExtends() {
    gateway("away", "--for", "3h");
    PersonAway.Away first = person().now().orElseThrow();

    AppRun earlier = gateway("away", "--for", "10m");
    assertThat(earlier.exit()).isZero();
    assertThat(earlier.out()).startsWith("already away until ").contains("kept");
    assertThat(person().now().orElseThrow().until()).isEqualTo(first.until());

    gateway("away", "--for", "5h");
    PersonAway.Away later = person().now().orElseThrow();
    assertThat(later.until()).isAfter(first.until());
    assertThat(later.since())
        .as("what was held from the start stays listed")
        .isEqualTo(first.since());
  }

  @Test
  void anUnreadableStateIsLeftAsItIs() throws IOException {
    Files.writeString(home.resolve(PersonAway.FILE), "torn");

    AppRun away = gateway("away", "--for", "1h");

    assertThat(away.exit()).isEqualTo(ExitCodes.START_FAILED);
    assertThat(away.err()).contains("already counted away (the gateway's away file cannot be read");
    assertThat(Files.readString(home.resolve(PersonAway.FILE))).isEqualTo("torn");
  }

  @Test
  void backWithNothingToEndSaysSo() {
    AppRun back = gateway("back");

    assertThat(back.exit()).isZero();
    assertThat(back.out()).startsWith("You were not away");
  }

  /**
   * Back lists the held calls of that time only: not one held in an earlier time away, not another
   * deny of the time; from the trail and from the hook's spool alike.
   */
  @Test
  void backRemovesTheStateAndListsTheCallsHeldInThatTimeOnly() throws IOException {
    Instant now = Instant.now();
    OffsetDateTime since = OffsetDateTime.now().minusHours(2);
    Files.writeString(home.resolve(PersonAway.FILE), PersonAway.text(since, since.plusHours(6)));
    Path logs = Files.createDirectories(home.resolve("logs"));
    Decision otherDeny =
        Decision.builder(
                now.minus(Duration.ofMinutes(50)), DecisionKind.PRE_TOOL_USE, Decision.Outcome.DENY)
            .agent("claude")
            .call("shell", null)
            .reason("guard: fs.delete-root: rm -rf /")
            .build();
    StringBuilder trail = new StringBuilder();
    for (Decision record :
        List.of(
            held(now.minus(Duration.ofHours(3)), "earlier: asked: then"),
            held(now.minus(Duration.ofHours(1)), "npm publish: asked: publish?"),
            otherDeny)) {
      trail.append(AuditJson.decision(record)).append('\n');
    }
    Files.writeString(logs.resolve("audit.jsonl"), trail);
    HookSpool.keep(
        logs,
        new OfflineDecision(
            AgentKind.CODEX,
            "shell",
            false,
            TAG_PUSH + ": asked: tag?",
            "release.tag-pushed",
            true),
        now.minus(Duration.ofMinutes(30)));

    AppRun back = gateway("back");

    assertThat(back.exit()).as(back.err()).isZero();
    assertThat(home.resolve(PersonAway.FILE)).doesNotExist();
    assertThat(back.out()).startsWith("Back: the agents' questions are asked again");
    assertThat(back.out()).contains("2 calls were denied (not run) and kept for your return");
    List<String> listed = back.out().lines().filter(line -> line.startsWith("  ")).toList();
    assertThat(listed).hasSize(2);
    assertThat(listed.get(0)).contains("  claude  shell  npm publish: asked: publish?");
    assertThat(listed.get(1)).contains("  codex  shell  " + TAG_PUSH + ": asked: tag?");
    assertThat(back.out()).doesNotContain("earlier", "fs.delete-root");
  }

  private static Decision held(Instant at, String reason) {
    return Decision.builder(at, DecisionKind.PRE_TOOL_USE, Decision.Outcome.DENY)
        .code(PersonAway.CODE)
        .agent("claude")
        .call("shell", null)
        .reason(reason)
        .build();
  }

  /** One run of the command hook of {@code agent} with no gateway, on {@code input}. */
  private JsonNode hook(String agent, String command) throws IOException {
    String input =
        "{\"cwd\":\"/home/dev/project\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\","
            + "\"tool_input\":{\"command\":\""
            + command
            + "\"}}";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            new String[] {"hook", agent, "--home", home.toString(), "--port", "1"},
            new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
            out,
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());
    assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
    return JSON.readTree(out.toString(StandardCharsets.UTF_8)).path("hookSpecificOutput");
  }

  @Test
  void awayThenAHookCallThenBackEndToEnd() throws IOException {
    assertThat(hook("claude", TAG_PUSH).path("permissionDecision").asText()).isEqualTo("ask");

    assertThat(gateway("away", "--for", "1h").exit()).isZero();
    JsonNode denied = hook("claude", TAG_PUSH);
    assertThat(denied.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(denied.path("permissionDecisionReason").asText())
        .startsWith("the person is away until ")
        .contains("kept for their return");

    AppRun back = gateway("back");
    assertThat(back.exit()).as(back.err()).isZero();
    assertThat(back.out())
        .contains("1 call was denied (not run)")
        .contains("  claude  shell  " + TAG_PUSH + ": asked: ")
        .contains("release.tag-pushed");

    assertThat(hook("claude", TAG_PUSH).path("permissionDecision").asText())
        .as("asked again once back")
        .isEqualTo("ask");
  }

  /** {@code gateway status} says it with the calls held so far, with a gateway or without. */
  @Test
  void statusSaysUntilWhenAndTheCallsHeldSoFar() throws IOException {
    assertThat(gateway("away", "--for", "1h").exit()).isZero();
    HookSpool.keep(
        home.resolve("logs"),
        new OfflineDecision(
            AgentKind.CLAUDE,
            "shell",
            false,
            TAG_PUSH + ": asked: tag?",
            "release.tag-pushed",
            true),
        Instant.now());

    AppRun status = gateway("status", "--port", "1");

    assertThat(status.err())
        .containsPattern(
            "Away until \\d\\d:\\d\\d \\(gateway away\\): 1 call held so far \\('gateway back'"
                + " lists them\\); every agent's question is a deny kept for your return; 'gateway"
                + " back' ends it");
  }
}
