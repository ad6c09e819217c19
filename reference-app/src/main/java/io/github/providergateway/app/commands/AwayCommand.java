package io.github.providergateway.app.commands;

import io.github.providergateway.agent.hook.PersonAway;
import io.github.providergateway.app.audit.AwayStatus;
import io.github.providergateway.app.audit.HeldCalls;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gateway away}: the person says they are away (issue 80, decision 321), and until they are
 * back every agent is answered as one that cannot ask: each question is a deny that names it and
 * says the call is kept for their return. Writes {@value PersonAway#FILE} in the home, atomically
 * and owner-only ({@link PersonAway#text}); {@code gateway back} removes it. Anyone may run it, an
 * agent too: it only makes the guard stricter. So it never shortens a time away already set (that
 * would lower it): a later end extends it, an earlier one is kept as it was, and a state that
 * cannot be read (away until {@code gateway back}) is left alone.
 */
@Command(
    name = "away",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Says you are away (decision 321): until you are back, every agent is answered as one that"
          + " cannot ask. Each call the gateway would ask you about is denied, not run, with a"
          + " reason saying you are away and that the call is kept for your return, and the agent"
          + " goes on with other work. Denies and allows are unchanged. Until the end of the day"
          + " (23:59, local time) unless --for or --until says; 'gateway back' ends it and lists"
          + " the calls held for you. Anyone may run it: it only makes the guard stricter, and an"
          + " earlier end than the one set is not taken.",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:away (or already away until later)",
      "1:the home cannot be made, its away file cannot be written, or it cannot be read",
      "2:bad command line: --for or --until not readable, or both"
    })
public final class AwayCommand implements Callable<Integer> {

  private final CommandContext context;

  @Option(
      names = "--home",
      paramLabel = "DIR",
      description = "The gateway's home (default: as for the gateway).")
  private Path home;

  @Option(
      names = "--for",
      paramLabel = "DURATION",
      description = "Away for this long from now: 3h, 90m.")
  private String forText;

  @Option(
      names = "--until",
      paramLabel = "HH:MM",
      description = "Away until this time of day: today, or tomorrow when it has passed today.")
  private String untilText;

  @Mixin private HelpOption help;

  AwayCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    PrintStream err = context.err();
    // The command's one look at the time, in the person's zone.
    Clock clock = Clock.systemDefaultZone();
    ZonedDateTime now = ZonedDateTime.now(clock);
    ZonedDateTime until;
    try {
      until = AwayTime.until(forText, untilText, now);
    } catch (IllegalArgumentException e) {
      err.println("gateway away: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    Path at = HomeDirectory.resolve(home, context.env());
    try {
      // Before any gateway ran, the hooks already read the home's away state: make the home as a
      // gateway makes it, owner-only, rather than refuse a step that only makes the guard stricter.
      HomeDirectory.ensure(at);
    } catch (IOException | RuntimeException e) {
      err.println("gateway away: the gateway home " + at + " cannot be made: " + e);
      return ExitCodes.START_FAILED;
    }
    PersonAway person = PersonAway.of(at, clock);
    Optional<PersonAway.Away> already = person.now();
    if (already.isPresent() && already.get().unreadable() != null) {
      err.println(
          "gateway away: you are already counted away "
              + already.get().untilText(clock.instant())
              + "; left as it is ('gateway back' ends it)");
      return ExitCodes.START_FAILED;
    }
    OffsetDateTime since = now.toOffsetDateTime();
    if (already.isPresent()) {
      if (!until.toInstant().isAfter(already.get().until().toInstant())) {
        context
            .stdout()
            .println(
                "already away "
                    + already.get().untilText(clock.instant())
                    + ": kept (an earlier end is not taken; 'gateway back' ends it)");
        return ExitCodes.OK;
      }
      since = already.get().since(); // extended: what was held from the start stays listed
    }
    try {
      OwnerOnlyFiles.replace(
          at.resolve(PersonAway.FILE),
          PersonAway.text(since, until.toOffsetDateTime()).getBytes(StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      err.println("gateway away: " + at.resolve(PersonAway.FILE) + " not written: " + e);
      return ExitCodes.START_FAILED;
    }
    context
        .stdout()
        .println(
            "away "
                + person.now().map(a -> a.untilText(clock.instant())).orElse("")
                + ": every agent's question is now a deny kept for your return; 'gateway back'"
                + " when you are");
    return ExitCodes.OK;
  }

  /**
   * The status line of the person away in {@code home}, when they are: {@code Away until 17:30
   * (gateway away): 2 calls held so far …}, the calls counted as {@code gateway back} lists them
   * (the count left out when the trail cannot be read).
   *
   * @param home the gateway's home
   * @param clock what says whether the time away has passed
   * @return the line, or empty when the person is not away
   */
  static Optional<String> statusLine(Path home, Clock clock) {
    return PersonAway.of(home, clock)
        .now()
        .map(
            away -> {
              Integer held;
              try {
                held =
                    HeldCalls.between(
                            AppOptions.logDir(home),
                            HeldCalls.since(away, home.resolve(PersonAway.FILE)),
                            clock.instant())
                        .size();
              } catch (IOException | RuntimeException e) {
                held = null;
              }
              return AwayStatus.line(away, clock.instant(), held);
            });
  }
}
