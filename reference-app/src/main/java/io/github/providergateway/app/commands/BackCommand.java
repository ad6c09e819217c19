package io.github.providergateway.app.commands;

import io.github.providergateway.agent.hook.PersonAway;
import io.github.providergateway.app.audit.HeldCalls;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.protocol.VisibleText;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gateway back}: the person's time away ends (decision 321): the home's {@value
 * PersonAway#FILE} is removed, so the agents' questions are asked again, and the calls denied
 * because they were away, since they went ({@link HeldCalls}: the audit trail and the command
 * hook's spool), are listed. Only the person may run it: it lowers protection, and an agent in a
 * mode that approves asks by itself would gain from it (the guard's {@code guard.self} denies it in
 * an agent's shell, and the app refuses it on an agent's side, exit 3).
 */
@Command(
    name = "back",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Ends your time away ('gateway away', decision 321): the agents' questions are asked again,"
          + " and the calls denied because you were away, since you went, are listed (time,"
          + " agent, tool, the call and the question), from the audit trail and the hook's"
          + " decisions kept with no gateway. Each was denied, not run: run the ones you want"
          + " yourself, or ask the agent again. Refused under a coding agent's process (exit 3).",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:back (or you were not away)",
      "1:the home is not there, or its away file cannot be removed",
      "2:bad command line",
      "3:refused: run under a coding agent"
    })
public final class BackCommand implements Callable<Integer> {

  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");
  private static final DateTimeFormatter DAY_AND_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private final CommandContext context;

  @Option(
      names = "--home",
      paramLabel = "DIR",
      description = "The gateway's home (default: as for the gateway).")
  private Path home;

  @Mixin private HelpOption help;

  BackCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    PrintStream err = context.err();
    PrintStream out = context.stdout();
    // The command's one look at the time, in the person's zone.
    Clock clock = Clock.systemDefaultZone();
    Instant now = clock.instant();
    Path at = HomeDirectory.resolve(home, context.env());
    if (!Files.isDirectory(at)) {
      err.println("gateway back: there is no gateway home at " + at);
      return ExitCodes.START_FAILED;
    }
    Path file = at.resolve(PersonAway.FILE);
    PersonAway.Away away = PersonAway.of(at, clock).read();
    if (away == null) {
      out.println("You were not away (no " + file + "): nothing to end.");
      return ExitCodes.OK;
    }
    Instant since = HeldCalls.since(away, file);
    try {
      Files.delete(file);
    } catch (IOException e) {
      err.println("gateway back: " + file + " cannot be removed (" + e + "); still away");
      return ExitCodes.START_FAILED;
    }
    out.println(
        "Back: the agents' questions are asked again"
            + (away.unreadable() == null
                ? " (you were away since " + shown(since, clock.getZone(), now) + ")."
                : " (the away file could not be read: " + away.unreadable() + ")."));
    List<HeldCalls.Held> held;
    try {
      held = HeldCalls.between(AppOptions.logDir(at), since, now);
    } catch (IOException e) {
      err.println("gateway back: the calls held for you cannot be read (" + e.getMessage() + ")");
      return ExitCodes.START_FAILED;
    }
    if (held.isEmpty()) {
      out.println("No call was held for you.");
      return ExitCodes.OK;
    }
    out.println(
        held.size()
            + (held.size() == 1 ? " call was" : " calls were")
            + " denied (not run) and kept for your return; run the ones you want yourself, or ask"
            + " the agent again:");
    for (HeldCalls.Held call : held) {
      out.println(
          "  "
              + shown(call.time(), clock.getZone(), now)
              + "  "
              + VisibleText.escape(call.agent())
              + "  "
              + VisibleText.escape(call.tool())
              + "  "
              + VisibleText.escape(call.reason()));
    }
    return ExitCodes.OK;
  }

  /** {@code time} as a person reads it: the time of day today, else the day and time. */
  private static String shown(Instant time, ZoneId zone, Instant now) {
    boolean today = LocalDate.ofInstant(time, zone).equals(LocalDate.ofInstant(now, zone));
    return (today ? TIME : DAY_AND_TIME).format(time.atZone(zone));
  }
}
