package io.github.providergateway.app.audit;

import io.github.providergateway.app.audit.TrailVerifier.Anchor;
import io.github.providergateway.app.audit.TrailVerifier.Problem;
import io.github.providergateway.app.audit.TrailVerifier.Verdict;
import io.github.providergateway.app.home.AuditChain;
import io.github.providergateway.app.home.AuditChain.Head;
import io.github.providergateway.app.home.CommandContext;
import io.github.providergateway.app.home.ExitCodes;
import io.github.providergateway.app.home.HelpOption;
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
      "4:the trail is broken: the first record changed, removed or inserted is printed"
    })
public final class AuditVerifyCommand implements Callable<Integer> {

  /** The exit code of a trail whose chain is broken. */
  public static final int BROKEN = 4;

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
          context.stdout().println("No audit trail in " + logs + " yet: nothing to verify.");
          return ExitCodes.OK;
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
      out.println(
          "No audit trail" + (logs == null ? "" : " in " + logs) + " yet: nothing to verify.");
      return ExitCodes.OK;
    }
    Verdict verdict =
        new TrailVerifier(trail.lines(), trail.missingBefore(), logs != null).verify(head, anchors);
    Problem problem = verdict.problem();
    if (problem == null && headMissing && verdict.records() > 0) {
      problem =
          new Problem(
              AuditChain.HEAD_FILE,
              "it is missing or unreadable, so the trail's end cannot be checked: its writer keeps"
                  + " it beside the trail (deleted with records cut from the end?)");
    }
    if (problem != null) {
      out.println("The audit trail is broken at " + problem.line() + ": " + problem.what());
      out.println(
          "Records before it verified; what comes after it is not to be trusted"
              + " (docs/audit.md, 'The audit trail's chain').");
      return BROKEN;
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
}
