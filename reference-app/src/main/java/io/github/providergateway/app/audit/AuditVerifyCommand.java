package io.github.providergateway.app.audit;

import io.github.providergateway.app.audit.AuditChain.Head;
import io.github.providergateway.app.audit.TrailVerifier.Anchor;
import io.github.providergateway.app.audit.TrailVerifier.Problem;
import io.github.providergateway.app.audit.TrailVerifier.Verdict;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.home.HomeDirectory;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gateway audit verify [--home DIR] [--anchor SEQ:SHA256]… [FILE…]}: walks an audit trail's
 * hash chain (issue 66, {@link TrailVerifier}) and names the first record that was changed, removed
 * or inserted; prints the head, which a person keeps off the machine as an anchor.
 */
@Command(
    name = "verify",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Checks a home's audit trail (<home>/logs/audit.N.jsonl ... audit.jsonl, oldest first, and"
          + " audit.head), or the FILEs given, oldest first: each record names the hash of the line"
          + " before it, so a record changed, removed, inserted or moved breaks the chain where it"
          + " stands. Prints the first such record (file, line, seq, what is wrong), or the trail's"
          + " head (seq and hash) when it is whole (docs/audit.md, 'The audit trail's chain').",
      "",
      "The chain cannot tell a trail rewritten whole by someone with your rights: keep the head"
          + " it prints elsewhere, and check it later with --anchor.",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the trail is whole (or the home has none yet)",
      "1:the home is not there, or a file of the trail cannot be read",
      "2:bad command line",
      "4:the trail is broken: the first record changed, removed or inserted, or the first gap"
          + " it shows, is printed",
      "5:the trail's chain holds together, but not an --anchor given: it was rewritten or cut"
          + " since the anchor was taken"
    })
public final class AuditVerifyCommand implements Callable<Integer> {

  /** The exit code of a trail whose chain is broken. */
  public static final int BROKEN = 4;

  /**
   * The exit code of a trail whose chain holds together but does not hold an anchor kept elsewhere
   * (a record of that seq and hash): rewritten or cut since, which only that anchor shows.
   */
  public static final int NOT_ANCHORED = 5;

  private final CommandContext context;

  @Option(
      names = "--home",
      paramLabel = "DIR",
      description = "The gateway's home (default: as for the gateway).")
  private Path home;

  @Option(
      names = "--anchor",
      paramLabel = "SEQ:SHA256",
      description =
          "A head printed earlier and kept elsewhere: the trail must still hold that record, with"
              + " that hash (repeatable).")
  private List<String> anchors = new ArrayList<>();

  @Parameters(
      paramLabel = "FILE",
      arity = "0..*",
      description =
          "Files of a trail, oldest first (default: the home's). Their start and end are not"
              + " checked: no head, and they may begin anywhere in a chain; --anchor still works.")
  private List<Path> files = new ArrayList<>();

  @Mixin private HelpOption help;

  AuditVerifyCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    PrintStream err = context.err();
    List<Anchor> kept = new ArrayList<>();
    for (String anchor : anchors) {
      if (!anchor.matches("[1-9][0-9]{0,18}:[0-9a-f]{64}")) {
        err.println(
            "gateway audit verify: --anchor takes SEQ:SHA256 as verify prints the head (e.g."
                + " 4711:"
                + "ab".repeat(32)
                + "), not '"
                + anchor
                + "'");
        return ExitCodes.USAGE;
      }
      int colon = anchor.indexOf(':');
      kept.add(new Anchor(Long.parseLong(anchor.substring(0, colon)), anchor.substring(colon + 1)));
    }
    Path logs = null;
    TrailFiles trail;
    try {
      if (files.isEmpty()) {
        Path at = HomeDirectory.resolve(home, context.env());
        if (!Files.isDirectory(at)) {
          err.println("gateway audit verify: there is no gateway home at " + at);
          return ExitCodes.START_FAILED;
        }
        logs = at.resolve("logs");
        if (!Files.isDirectory(logs)) {
          return noTrail(logs, null, false, kept);
        }
        trail = TrailFiles.in(logs);
      } else {
        trail = TrailFiles.of(files);
      }
      return report(trail, logs, kept);
    } catch (IOException e) {
      err.println("gateway audit verify: " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
  }

  private int report(TrailFiles trail, Path logs, List<Anchor> anchors) throws IOException {
    PrintStream out = context.stdout();
    // The head first, then the files: a writer appends lines before it moves the head, so a trail
    // read after its head holds at least what the head names.
    Head head = null;
    boolean headMissing = false;
    if (logs != null) {
      Path headFile = logs.resolve(AuditChain.HEAD_FILE);
      if (Files.exists(headFile, LinkOption.NOFOLLOW_LINKS)) {
        head = AuditChain.head(TrailFiles.read(headFile));
        headMissing = head == null;
      } else {
        headMissing = true;
      }
    }
    if (trail.files().isEmpty()) {
      return noTrail(
          logs,
          head,
          Files.exists(logs.resolve(AuditChain.LOCK_FILE), LinkOption.NOFOLLOW_LINKS),
          anchors);
    }
    Verdict verdict =
        new TrailVerifier(trail.lines(), trail.missingBefore(), logs != null).verify(head, anchors);
    Problem problem = verdict.problem();
    if ((problem == null || problem.exit() == NOT_ANCHORED)
        && headMissing
        && verdict.records() > 0) {
      problem =
          new Problem(
              AuditChain.HEAD_FILE,
              "it is missing or unreadable, so the trail's end cannot be checked: its writer keeps"
                  + " it beside the trail (deleted with records cut from the end?)");
    }
    if (problem != null) {
      return failed(problem);
    }
    TrailLine last = verdict.last();
    out.println(
        "The audit trail is whole: "
            + verdict.records()
            + " record(s) in "
            + trail.files().size()
            + " file(s)"
            + (last == null ? "." : ", up to seq " + last.seq() + "."));
    for (String note : verdict.notes()) {
      out.println("  " + note);
    }
    if (last != null) {
      out.println("Head: " + last.seq() + ":" + last.sha256() + "  (" + last.where() + ")");
      out.println(
          "Keep the head off this machine (a ticket, a message, the team's log store); 'gateway"
              + " audit verify --anchor "
              + last.seq()
              + ":"
              + last.sha256()
              + "' later shows whether the trail still holds it.");
    }
    return ExitCodes.OK;
  }

  /**
   * A home with no file of its trail ({@code logs} missing, or no {@code audit*.jsonl} in it): a
   * break where its head names records or its writer's lock shows it wrote some; a failure against
   * any anchor; else nothing to verify.
   */
  private int noTrail(Path logs, Head head, boolean locked, List<Anchor> anchors) {
    if (head != null) {
      return failed(
          new Problem(
              AuditChain.HEAD_FILE,
              "it names seq "
                  + head.seq()
                  + ", yet no file of the trail is in "
                  + logs
                  + ": the trail was removed"));
    }
    if (locked) {
      return failed(
          new Problem(
              AuditChain.LOCK_FILE,
              "a writer wrote records here (it locks the trail only to write a batch), yet no file"
                  + " of the trail and no head (audit.head) is in "
                  + logs
                  + ": both were removed"));
    }
    if (!anchors.isEmpty()) {
      Anchor anchor = anchors.get(0);
      return failed(
          new Problem(
              "the trail",
              "there is no trail in "
                  + logs
                  + ", yet the anchor "
                  + anchor.seq()
                  + ":"
                  + anchor.sha256()
                  + " names seq "
                  + anchor.seq()
                  + ": the trail was removed",
              NOT_ANCHORED));
    }
    context
        .stdout()
        .println(
            "No audit trail in "
                + logs
                + " yet: nothing to verify. A home whose logs were deleted whole looks the same:"
                + " only an anchor kept elsewhere (--anchor) can tell.");
    return ExitCodes.OK;
  }

  /** Prints {@code problem} and returns its exit code. */
  private int failed(Problem problem) {
    PrintStream out = context.stdout();
    if (problem.exit() == NOT_ANCHORED) {
      out.println(
          "The audit trail does not hold what was anchored, at "
              + problem.line()
              + ": "
              + problem.what());
      out.println(
          "Its chain may hold together, but it is not the trail the anchor was taken from:"
              + " rewritten or cut since (docs/audit.md, 'What the chain cannot prove').");
    } else {
      out.println("The audit trail is broken at " + problem.line() + ": " + problem.what());
      out.println(
          "Records before it verified; what comes after it is not to be trusted"
              + " (docs/audit.md, 'The audit trail's chain').");
    }
    return problem.exit();
  }
}
