package io.github.providergateway.app.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.audit.AuditReportCommand;
import io.github.providergateway.app.audit.AuditTrailFiles;
import io.github.providergateway.app.audit.AuditVerifyCommand;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.console.AuditCommands;
import io.github.providergateway.app.console.CommandFailed;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.host.api.AuditFilter;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gateway audit [filters]}: the audit trail from a terminal (issue 62: the docs named it and
 * there was none), with the console's filters and its lines ({@link AuditCommands}), read from the
 * home's trail files ({@link AuditTrailFiles}), so it works with no gateway running; {@code audit
 * verify} checks the trail's hash chain and {@code audit report} reports over many machines' trails
 * (issue 66, room {@code app.audit}).
 */
@Command(
    name = "audit",
    subcommands = {AuditVerifyCommand.class, AuditReportCommand.class},
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Prints the newest decisions of a home's audit trail (<home>/logs/audit.jsonl and its"
          + " rotated files), one a line, oldest first, as the console's 'audit' does: what was"
          + " allowed or denied, by whom and why (docs/audit.md). It reads the files, so it works"
          + " with no gateway running.",
      "",
      "Filters, as the console's: a decision kind (auth, pairing, hello, update, push,"
          + " pre_tool_use, tool_call, ask, other), provider=P, tool=T, session=S, last=N (default"
          + " 20). E.g. 'gateway audit pre_tool_use last=50', 'gateway audit tool=shell'.",
      "",
      "'gateway audit verify' checks the trail's hash chain and names the first record changed,"
          + " removed or inserted; 'gateway audit report FILE...' reports over trails exported from"
          + " many machines. 'gateway audit verify --help' and 'gateway audit report --help' say"
          + " more.",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:printed (or the home has no trail yet)",
      "1:the home is not there, or its trail cannot be read",
      "2:bad command line: an unknown filter"
    })
public final class AuditCommand implements Callable<Integer> {

  private final CommandContext context;

  @Option(
      names = "--home",
      paramLabel = "DIR",
      description = "The gateway's home (default: as for the gateway).")
  private Path home;

  @Parameters(paramLabel = "FILTER", arity = "0..*", description = "kind, provider=, tool=, ...")
  private List<String> filters = new ArrayList<>();

  @Mixin private HelpOption help;

  AuditCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    PrintStream err = context.err();
    AuditFilter filter;
    try {
      filter = AuditCommands.filter(String.join(" ", filters));
    } catch (CommandFailed e) {
      err.println("gateway audit: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    Path at = HomeDirectory.resolve(home, context.env());
    if (!Files.isDirectory(at)) {
      err.println("gateway audit: there is no gateway home at " + at);
      return ExitCodes.START_FAILED;
    }
    PrintStream out = context.stdout();
    AuditTrailFiles trail = new AuditTrailFiles(AppOptions.logDir(at));
    if (!trail.exists()) {
      out.println(
          "No audit trail in "
              + AppOptions.logDir(at)
              + " yet: a gateway of this home writes audit.jsonl there as it decides.");
      return ExitCodes.OK;
    }
    AuditCommands commands =
        new AuditCommands(
            out::println,
            asked -> {
              try {
                return CompletableFuture.completedFuture(trail.read(asked));
              } catch (IOException e) {
                return CompletableFuture.<List<JsonNode>>failedFuture(e);
              }
            },
            () -> CompletableFuture.<URI>failedFuture(new IllegalStateException("no status page")));
    try {
      commands.audit(filter);
    } catch (CommandFailed cannotRead) {
      err.println("gateway audit: " + cannotRead.getMessage());
      return ExitCodes.START_FAILED;
    }
    if (trail.unreadableLines() > 0) {
      err.println(
          "gateway audit: "
              + trail.unreadableLines()
              + " line(s) of the trail were no decision and were skipped (a gateway stopped while"
              + " it wrote?)");
    }
    return ExitCodes.OK;
  }
}
