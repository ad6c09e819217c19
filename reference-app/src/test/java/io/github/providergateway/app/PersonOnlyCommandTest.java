package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.guard.GatewayCommands;
import io.github.providergateway.loop.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The gateway's commands that only the person may run refuse on a coding agent's side (issues 61
 * and 75): which commands they are ({@link PersonOnlyCommand}, the guard's reading of them), and,
 * on real processes, the launcher run under a program named {@code claude} that marks what it runs
 * as Claude Code does ({@code CLAUDECODE=1}) refused, directly and after the escapes from its
 * process tree that issue 75 found (a double fork, {@code setsid -f}, {@code nohup … &}), while the
 * same command in a person's shell runs.
 */
@Tag("process")
class PersonOnlyCommandTest {

  @TempDir Path dir;

  private static java.util.Optional<PersonOnlyCommand.Refused> personOnly(String... args) {
    return PersonOnlyCommand.of(List.of(args), Main.parsedOrNull(args));
  }

  /**
   * The commands are the guard's reading ({@code GatewayCommands.personOnly}), the one its {@code
   * guard.self} denies by in an agent's shell: the lowering ones are said as the guard says them.
   */
  @Test
  void theCommandsThatLowerProtectionAreTheGuardsList() {
    assertThat(personOnly("setup", "claude", "--remove"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway setup --remove");
    assertThat(personOnly("--home", "/h", "uninstall"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway uninstall");
    assertThat(personOnly("service", "uninstall"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway service uninstall");
    assertThat(personOnly("hook", "--revoke", "claude"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway hook --revoke");
    assertThat(personOnly("gates", "release", "ci-guard"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway gates release");
    assertThat(personOnly("guard", "off"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway guard off");
    assertThat(personOnly("stop").map(PersonOnlyCommand.Refused::because))
        .contains("it would lower the protection that agent runs under");
    assertThat(personOnly("--home", "/h", "back"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway back");
    assertThat(personOnly("back").map(PersonOnlyCommand.Refused::because))
        .hasValueSatisfying(why -> assertThat(why).contains("ends the person's time away"));
    for (String[] args :
        List.of(
            new String[] {"setup", "claude"},
            new String[] {"service", "install"},
            new String[] {"attach"},
            new String[] {"stop"})) {
      assertThat(personOnly(args).map(PersonOnlyCommand.Refused::command))
          .as(String.join(" ", args))
          .isEqualTo(GatewayCommands.personOnly(List.of(args)));
    }
  }

  /** A console only where the app would start one: a command line it cannot parse starts none. */
  @Test
  void theConsoleIsTheAppsOwnParse() {
    assertThat(personOnly("--port", "9401")).isPresent();
    assertThat(personOnly("--port")).as("no value: the app refuses the command line").isEmpty();
    assertThat(GatewayCommands.personOnly(List.of("--port")))
        .as("the guard's word-level reading alone")
        .contains("gateway (the console)");
  }

  @Test
  void onlyThePersonAnswersRewiresTheAgentsOrTakesACredential() {
    assertThat(personOnly())
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway (the console)");
    assertThat(personOnly("--home", "/h", "--port", "9401"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway (the console)");
    assertThat(personOnly("attach"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway attach");
    assertThat(personOnly("setup", "claude"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway setup");
    assertThat(personOnly("setup", "codex", "--home", "/tmp/h"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway setup");
    assertThat(personOnly("service", "install"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway service install");
    assertThat(personOnly("mcp", "--print-config", "http", "--client", "x"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway mcp --print-config http");
    assertThat(personOnly("hook", "--print-config", "claude"))
        .map(PersonOnlyCommand.Refused::command)
        .contains("gateway hook --print-config claude");
    assertThat(personOnly("stop")).map(PersonOnlyCommand.Refused::command).contains("gateway stop");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "hook claude --home /h", // the agent's own hook: every call runs it
        "hook --print-config gemini",
        "mcp --home /h", // the agent's own MCP server
        "mcp --print-config claude",
        "--rpc",
        "--detached",
        "--help",
        "status",
        "setup --help",
        "setup claude -h",
        "stop --help",
        "service install --help",
        "attach --help",
        "--version",
        "service",
        "mcp --print-config http --help",
        "hook --print-config codex",
        "guard test",
        "audit",
        "gates --project /p",
        "policy",
        "uninstall --list",
        "setup --list",
        "uninstall --record-install /d/provider-gateway/1.2",
        "service status",
        "gates",
        "guard explain rm",
        "doctor",
        "--home /stop status",
        "away",
        "away --for 3h --home /h",
        "back --help"
      })
  void whatAnyoneMayRun(String commandLine) {
    assertThat(personOnly(commandLine.split(" "))).as(commandLine).isEmpty();
  }

  private Path fakeClaude() throws Exception {
    return FakeAgent.claude(dir);
  }

  /**
   * On real processes: {@code gateway setup claude --remove} run by a program named {@code claude}
   * (a script, as an agent's shell would run it) is refused, exit 3, and changes nothing; run from
   * the test, as a person's terminal would, it runs.
   */
  @Test
  @Timeout(120)
  void setupRemoveUnderAnAgentIsRefusedAndInAPersonsShellRuns() throws Exception {
    Path launcher = StandInLauncher.write(dir);
    Path home = dir.resolve("gateway-home");
    List<String> remove =
        List.of(launcher.toString(), "setup", "claude", "--remove", "--home", home.toString());

    Interop.Ran underAgent =
        Interop.run(
            Stream.concat(Stream.of(fakeClaude().toString()), remove.stream()).toList(),
            dir,
            Duration.ofSeconds(60));
    Interop.Ran byPerson = Interop.run(remove, dir, Duration.ofSeconds(60));

    assertThat(underAgent.exitCode()).as(underAgent.output()).isEqualTo(ExitCodes.REFUSED);
    assertThat(underAgent.output())
        .contains("gateway setup --remove: refused: it runs under claude (pid ")
        .contains("a terminal of your own");
    assertThat(byPerson.exitCode()).as(byPerson.output()).isZero();
    assertThat(byPerson.output()).contains("Nothing to take back");
  }

  /**
   * Decision 321: {@code gateway back} run by a program named {@code claude} is refused, exit 3,
   * and the person stays away; run from the test, as a person's terminal would, it ends it.
   */
  @Test
  @Timeout(120)
  void backUnderAnAgentIsRefusedAndThePersonStaysAway() throws Exception {
    Path launcher = StandInLauncher.write(dir);
    Path home = Files.createDirectory(dir.resolve("gateway-home"));
    Path away = home.resolve(io.github.providergateway.agent.hook.PersonAway.FILE);
    java.time.OffsetDateTime since = java.time.OffsetDateTime.now();
    Files.writeString(
        away, io.github.providergateway.agent.hook.PersonAway.text(since, since.plusHours(3)));
    List<String> back = List.of(launcher.toString(), "back", "--home", home.toString());

    Interop.Ran underAgent =
        Interop.run(
            Stream.concat(Stream.of(fakeClaude().toString()), back.stream()).toList(),
            dir,
            Duration.ofSeconds(60));

    assertThat(underAgent.exitCode()).as(underAgent.output()).isEqualTo(ExitCodes.REFUSED);
    assertThat(underAgent.output())
        .contains("gateway back: refused: it runs under claude (pid ")
        .contains("ends the person's time away");
    assertThat(away).as("still away").exists();

    Interop.Ran byPerson = Interop.run(back, dir, Duration.ofSeconds(60));
    assertThat(byPerson.exitCode()).as(byPerson.output()).isZero();
    assertThat(byPerson.output()).contains("Back: the agents' questions are asked again");
    assertThat(away).doesNotExist();
  }

  /**
   * Issue 75: re-parented to init by a double fork, {@code setsid -f} or {@code nohup … &}, the
   * process has no agent among its ancestors, but keeps what the agent set on every command its
   * tools run: the refusal holds, and says which mark.
   */
  @ParameterizedTest
  @ValueSource(strings = {"( sh s.sh & )", "setsid -f sh s.sh", "nohup sh s.sh > /dev/null 2>&1 &"})
  @Timeout(120)
  void theRefusalHoldsAfterTheProcessEscapesTheAgentsTree(String escape) throws Exception {
    Path launcher = StandInLauncher.write(dir);
    Path home = dir.resolve("gateway-home");
    Files.writeString(
        dir.resolve("s.sh"),
        "sleep 1\n" // the agent's shell is gone by then: the process is init's
            + io.github.providergateway.app.home.ShellWords.quote(launcher.toString())
            + " setup claude --remove --home "
            + io.github.providergateway.app.home.ShellWords.quote(home.toString())
            + " > out.txt 2>&1\necho $? > rc.tmp && mv rc.tmp rc.txt\n");

    Interop.Ran ran =
        Interop.run(
            List.of(fakeClaude().toString(), "sh", "-c", escape), dir, Duration.ofSeconds(60));
    Path rc = dir.resolve("rc.txt");
    // The escaped process runs on its own: its exit code, moved into place whole, says it ended.
    Await.until(Duration.ofSeconds(90), () -> Files.exists(rc), () -> "the escaped command ended");

    assertThat(ran.exitCode()).as(ran.output()).isZero();
    String output = Files.readString(dir.resolve("out.txt"));
    assertThat(Files.readString(rc).strip())
        .as(output)
        .isEqualTo(Integer.toString(ExitCodes.REFUSED));
    assertThat(output)
        .contains("gateway setup --remove: refused: ")
        .contains("holds CLAUDECODE, which claude sets on what its tools run");
  }

  /**
   * Issue 75's second red team: picocli reads a command line from an argument file ({@code gateway
   * \@args.txt}), which neither the guard nor the refusal reads. The app reads none: the file's
   * command does not run, on the agent's side or the person's.
   */
  @Test
  @Timeout(120)
  void aCommandInAnArgumentFileIsNotRead() throws Exception {
    Path launcher = StandInLauncher.write(dir);
    Path home = dir.resolve("gateway-home");
    Files.writeString(
        dir.resolve("args.txt"),
        String.join("\n", "setup", "claude", "--remove", "--home", home.toString()));

    Interop.Ran underAgent =
        Interop.run(
            List.of(fakeClaude().toString(), launcher.toString(), "@args.txt"),
            dir,
            Duration.ofSeconds(60));
    Interop.Ran byPerson =
        Interop.run(List.of(launcher.toString(), "@args.txt"), dir, Duration.ofSeconds(60));

    for (Interop.Ran ran : List.of(underAgent, byPerson)) {
      assertThat(ran.exitCode()).as(ran.output()).isEqualTo(ExitCodes.USAGE);
      assertThat(ran.output()).contains("@args.txt").doesNotContain("Nothing to take back");
    }
  }

  /**
   * Issue 75's second red team: a start with {@code --no-config} or another {@code --config}
   * records it as the home's config for every later start, replacing the person's providers and
   * guard settings. On an agent's side that is refused for a home in use, and changes nothing; a
   * new home, or the home's own config named again, starts; the person's own change runs.
   */
  @Test
  @Timeout(300)
  void aStartThatReplacesAHomesConfigIsThePersonsToMake() throws Exception {
    Path launcher = StandInLauncher.write(dir);
    Path home = dir.resolve("gateway-home");
    Path mine = Files.writeString(dir.resolve("mine.json"), "{\"providers\":[]}");
    Path other = Files.writeString(dir.resolve("other.json"), "{\"providers\":[]}");
    Path recorded = mine.toAbsolutePath().normalize();
    List<String> start =
        List.of(launcher.toString(), "--rpc", "--port", "0", "--home", home.toString());

    Interop.Ran newHome = underAgent(start, "--config", mine.toString());
    assertThat(newHome.exitCode()).as(newHome.output()).isZero();
    assertThat(recordedConfig(home)).isEqualTo(recorded);

    for (List<String> change :
        List.of(List.of("--no-config"), List.of("--config", other.toString()))) {
      Interop.Ran refused = underAgent(start, change.toArray(String[]::new));
      assertThat(refused.exitCode()).as(refused.output()).isEqualTo(ExitCodes.REFUSED);
      assertThat(refused.output())
          .contains(change.get(0) + ": refused: it runs under claude (pid ")
          .contains("guard settings every later start of the home runs");
      assertThat(recordedConfig(home)).as("unchanged").isEqualTo(recorded);
    }
    Interop.Ran same = underAgent(start, "--config", mine.toString());
    assertThat(same.exitCode()).as(same.output()).isZero();

    Interop.Ran byPerson =
        Interop.run(
            Stream.concat(start.stream(), Stream.of("--no-config")).toList(),
            dir,
            Duration.ofSeconds(60));
    assertThat(byPerson.exitCode()).as(byPerson.output()).isZero();
    assertThat(recordedConfig(home)).isNull();
  }

  private Interop.Ran underAgent(List<String> command, String... more) throws Exception {
    return Interop.run(
        Stream.of(Stream.of(fakeClaude().toString()), command.stream(), Stream.of(more))
            .flatMap(s -> s)
            .toList(),
        dir,
        Duration.ofSeconds(60));
  }

  private static Path recordedConfig(Path home) throws java.io.IOException {
    return io.github.providergateway.host.client.HomeSettings.read(home).config();
  }

  /** The console and {@code attach} answer the person's questions: refused under an agent. */
  @ParameterizedTest
  @ValueSource(strings = {"console", "attach"})
  @Timeout(120)
  void theConsoleAndAttachRefuseUnderAnAgent(String which) throws Exception {
    Path launcher = StandInLauncher.write(dir);
    Path home = dir.resolve("gateway-home");
    List<String> command =
        which.equals("console")
            ? List.of(launcher.toString(), "--home", home.toString(), "--port", "0")
            : List.of(launcher.toString(), "attach", "--home", home.toString());

    Interop.Ran underAgent =
        Interop.run(
            Stream.concat(Stream.of(fakeClaude().toString()), command.stream()).toList(),
            dir,
            Duration.ofSeconds(60));

    assertThat(underAgent.exitCode()).as(underAgent.output()).isEqualTo(ExitCodes.REFUSED);
    assertThat(underAgent.output()).contains(": refused: it runs under claude (pid ");
    assertThat(home.resolve(".provider-token")).as("no gateway started").doesNotExist();
  }
}
