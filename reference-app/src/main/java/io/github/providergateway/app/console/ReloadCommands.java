package io.github.providergateway.app.console;

import static io.github.providergateway.app.console.CommandFailed.await;

import io.github.providergateway.app.run.ProjectProviders;
import io.github.providergateway.host.protocol.ReloadReport;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The console's {@code reload [entry]}: the gateway re-reads its {@code --config} file and restarts
 * the entry's providers (or every entry's), starts entries added and stops entries removed; this
 * process's gateway or, attached, the gateway's over {@code providers.reload}. Reader thread only.
 */
final class ReloadCommands {

  private final ConsoleOut out;

  /** Reloads one entry, or all for null. */
  private final Function<String, CompletableFuture<ReloadReport>> reloads;

  /** The config's entry names, for tab completion: none when the config is another process's. */
  private final Supplier<List<String>> entries;

  ReloadCommands(
      ConsoleOut out,
      Function<String, CompletableFuture<ReloadReport>> reloads,
      Supplier<List<String>> entries) {
    this.out = out;
    this.reloads = reloads;
    this.entries = entries;
  }

  /** The config's entry names, as far as this console knows them. */
  List<String> entries() {
    return entries.get();
  }

  void reload(String rest) {
    if (rest.contains(" ")) {
      throw new CommandFailed("reload takes one entry name, or none for all; was '" + rest + "'");
    }
    String name = rest.isEmpty() ? null : rest;
    ReloadReport report = await(reloads.apply(name));
    String done = ProjectProviders.describe(report);
    out.say(
        done == null
            ? "Reloaded the config: no provider to restart, start or stop."
            : "Reloaded: " + done);
    report
        .problems()
        .forEach(problem -> out.say("  config problem (entry left as it runs): " + problem));
  }
}
