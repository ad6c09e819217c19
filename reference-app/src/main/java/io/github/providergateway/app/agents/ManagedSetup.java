package io.github.providergateway.app.agents;

import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.SettingsEdit;
import io.github.providergateway.app.home.SetupLedger;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code gateway setup AGENT --managed}: prints the agent's managed (enterprise) files with the
 * gateway's command hooks and MCP server ({@link ManagedLayer}), each merged with the file there;
 * with {@code --write}, run as root on a system install, writes them (root-owned, mode 0644) and
 * records them in a ledger in the system settings' folder, so that {@code --managed --remove} takes
 * back exactly them. Every file is merged first and written only when all of them could be.
 */
final class ManagedSetup {

  /** The ledger's scope for the managed files: one per agent, no project. */
  static final String SCOPE = "managed";

  /**
   * The system install's launcher when {@code --launcher} names none: {@code install.sh --system}
   * links {@code /opt/provider-gateway/current/bin/gateway} there.
   */
  static final Path DEFAULT_LAUNCHER = Path.of("/usr/local/bin/gateway");

  private final Path launcher;
  private final ManagedPlaces places;

  /** The folder of the system settings, which holds the ledger of the managed files. */
  private final Path systemDir;

  /** Whether this process may write the managed files: root, on a system install. */
  private final Writable writable;

  private final PrintStream out;
  private final PrintStream err;

  /** Whether the managed files may be written here, and why not. */
  record Writable(boolean root, boolean systemInstall) {
    String whyNot() {
      return !root
          ? "only root writes the agents' managed files"
          : "no system install here (no system settings and no launcher at the given path):"
              + " install it first with install.sh --system";
    }

    boolean yes() {
      return root && systemInstall;
    }
  }

  ManagedSetup(
      Path launcher,
      ManagedPlaces places,
      Path systemDir,
      Writable writable,
      PrintStream out,
      PrintStream err) {
    this.launcher = launcher;
    this.places = places;
    this.systemDir = systemDir;
    this.writable = writable;
    this.out = out;
    this.err = err;
  }

  /** {@return whether this process runs as root} (the owner of {@code /proc/self}) */
  static boolean runsAsRoot() {
    try {
      return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** The layer of {@code agent}, its hooks run by {@link #launcher} with each developer's home. */
  Optional<ManagedLayer> layer(AgentSettings agent) {
    return agent.managedLayer(
        new AgentConfig(List.of(launcher.toString()), null), launcher, places);
  }

  /** Prints {@code agent}'s managed files and, with {@code write}, writes them. */
  int run(AgentSettings agent, boolean write) throws IOException {
    Optional<ManagedLayer> found = layer(agent);
    if (found.isEmpty()) {
      out.println(agent.noManagedLayer());
      return write ? ExitCodes.START_FAILED : ExitCodes.OK;
    }
    ManagedLayer layer = found.get();
    SetupLedger ledger = SetupLedger.read(systemDir);
    Optional<SetupLedger.Setup> previous = ledger.find(agent.id(), SCOPE, null);
    List<Merged> merged = new ArrayList<>();
    List<String> refusals = new ArrayList<>();
    for (SettingsEdit edit : layer.files()) {
      merge(edit, previous, merged, refusals);
    }
    List<Merged> printed = new ArrayList<>();
    for (SettingsEdit edit : layer.printedOnly()) {
      merge(edit, Optional.empty(), printed, refusals);
    }
    if (!refusals.isEmpty()) {
      refusals.forEach(r -> err.println("gateway setup: refused: " + r));
      err.println("gateway setup: nothing was changed");
      return ExitCodes.START_FAILED;
    }
    out.println(
        "# "
            + agent
            + "'s managed settings: its hooks run "
            + launcher
            + " with each developer's own home (no --home: the default under their $HOME).");
    out.println("# " + layer.wins());
    for (Merged m : merged) {
      print(m, "");
    }
    for (Merged m : printed) {
      print(m, " (printed only: place it yourself)");
    }
    layer.notes().forEach(n -> out.println("# Note: " + n));
    if (!write) {
      out.println(
          "# Where each goes is named above; as root on a system install, --write writes them.");
      return ExitCodes.OK;
    }
    if (!writable.yes()) {
      err.println("gateway setup: not written: " + writable.whyNot());
      return ExitCodes.START_FAILED;
    }
    return write(agent, ledger, previous, merged);
  }

  /** One file merged, not yet written. */
  private record Merged(SettingsEdit edit, byte[] before, SettingsMerge.Applied applied) {

    byte[] after() {
      return applied.content() != null ? applied.content() : before;
    }
  }

  private static void merge(
      SettingsEdit edit,
      Optional<SetupLedger.Setup> previous,
      List<Merged> merged,
      List<String> refusals)
      throws IOException {
    byte[] before = SettingsFiles.read(edit.file());
    List<SettingsEdit.Addition> earlier =
        previous
            .flatMap(p -> p.files().stream().filter(f -> f.file().equals(edit.file())).findFirst())
            .map(SetupLedger.FileRecord::additions)
            .orElse(List.of());
    try {
      merged.add(new Merged(edit, before, SettingsMerge.apply(edit, before, earlier)));
    } catch (SettingsMerge.Refused e) {
      refusals.add(e.getMessage());
    }
  }

  private void print(Merged m, String what) {
    out.println();
    out.println("# " + m.edit().file() + what);
    out.print(new String(m.after(), StandardCharsets.UTF_8).stripTrailing() + "\n");
  }

  private int write(
      AgentSettings agent,
      SetupLedger ledger,
      Optional<SetupLedger.Setup> previous,
      List<Merged> merged)
      throws IOException {
    List<SetupLedger.FileRecord> records = new ArrayList<>();
    for (Merged m : merged) {
      Path file = m.edit().file();
      Optional<SetupLedger.FileRecord> earlier =
          previous.flatMap(p -> p.files().stream().filter(f -> f.file().equals(file)).findFirst());
      boolean created = earlier.map(SetupLedger.FileRecord::created).orElse(m.before() == null);
      Path backup = earlier.map(SetupLedger.FileRecord::backup).orElse(null);
      String mode = earlier.map(SetupLedger.FileRecord::mode).orElse(null);
      String written =
          earlier.map(SetupLedger.FileRecord::written).orElse(SetupLedger.sha256(m.after()));
      if (m.applied().content() != null) {
        // Issue 77: an administrator's change since setup's last write stays theirs through it.
        written =
            SetupLedger.writtenAfter(
                earlier.map(SetupLedger.FileRecord::written).orElse(null),
                m.before(),
                m.applied().content());
        if (earlier.isEmpty() && m.before() != null) {
          backup = ledger.backUp(file, agent + " " + SCOPE, m.before());
          mode = SettingsFiles.mode(file);
        }
        SettingsFiles.write(file, m.applied().content(), false);
        // Read by every developer's agent, written by root alone.
        SettingsFiles.restoreMode(file, "rw-r--r--");
        err.println(
            "gateway setup: wrote " + file + ": " + String.join(", ", m.applied().changes()));
      } else {
        err.println("gateway setup: unchanged " + file);
      }
      records.add(
          new SetupLedger.FileRecord(
              file, m.edit().format(), created, backup, written, m.applied().recorded(), mode));
    }
    ledger.put(new SetupLedger.Setup(agent.id(), SCOPE, null, null, records));
    ledger.write();
    err.println(
        "gateway setup: recorded in "
            + systemDir.resolve(SetupLedger.FILE)
            + "; take it back with: gateway setup "
            + agent
            + " --managed --remove");
    return ExitCodes.OK;
  }

  /** Takes back the managed files {@code --managed --write} wrote for {@code agent}. */
  int remove(AgentSettings agent) throws IOException {
    SetupLedger ledger = SetupLedger.read(systemDir);
    Optional<SetupLedger.Setup> found = ledger.find(agent.id(), SCOPE, null);
    if (found.isEmpty()) {
      out.println(
          "Nothing to take back: "
              + agent
              + "'s managed settings were not written by gateway setup ("
              + systemDir.resolve(SetupLedger.FILE)
              + ")");
      return ExitCodes.OK;
    }
    if (!writable.root()) {
      err.println("gateway setup: not taken back: " + writable.whyNot());
      return ExitCodes.START_FAILED;
    }
    List<Path> places = layer(agent).map(ManagedLayer::allFiles).orElse(List.of());
    List<SetupLedger.FileRecord> left = new ArrayList<>();
    for (SetupLedger.FileRecord file : found.get().files()) {
      if (!places.contains(file.file())) {
        // The ledger names only what it may change: a file no managed layer has is left alone.
        err.println("gateway setup: kept " + file.file() + ": no managed file of " + agent);
        continue;
      }
      SetupLedger.FileRecord kept = LedgerRestore.takeBack(file, out, err);
      if (kept != null) {
        left.add(kept);
      }
    }
    if (!left.isEmpty()) {
      LedgerRestore.keepLeft(ledger, found.get(), left, err);
      return ExitCodes.START_FAILED;
    }
    for (SetupLedger.FileRecord file : found.get().files()) {
      if (file.backup() != null && ledger.isBackup(file.backup())) {
        Files.deleteIfExists(file.backup());
      }
    }
    ledger.forget(agent.id(), SCOPE, null);
    ledger.write();
    out.println("Taken back.");
    return ExitCodes.OK;
  }
}
