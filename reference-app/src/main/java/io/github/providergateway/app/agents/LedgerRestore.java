package io.github.providergateway.app.agents;

import io.github.providergateway.app.home.SetupLedger;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;

/**
 * Takes back one file of a recorded setup ({@link SetupLedger.FileRecord}): deleted when setup
 * created it and nothing changed it since, restored byte for byte from its backup when setup
 * changed it and nothing else did, else setup's own entries taken out and the rest kept. Shared by
 * {@code gateway setup --remove} for the user's and a project's files and for the agents' managed
 * files ({@link ManagedSetup}).
 */
final class LedgerRestore {

  private LedgerRestore() {}

  /**
   * Takes back {@code file}, saying what it did on {@code out}.
   *
   * @return false, after saying why on {@code err}, when the file could not be parsed any more
   * @throws IOException when the file or its backup cannot be read or written
   */
  static boolean takeBack(SetupLedger.FileRecord file, PrintStream out, PrintStream err)
      throws IOException {
    byte[] current = SettingsFiles.read(file.file());
    if (current == null) {
      out.println("  gone already: " + file.file());
      return true;
    }
    if (SetupLedger.sha256(current).equals(file.written())) {
      if (file.created()) {
        SettingsFiles.delete(file.file());
        out.println("  removed " + file.file() + " (setup had created it)");
      } else if (file.backup() != null) {
        SettingsFiles.write(file.file(), SetupLedger.readBackup(file.backup()), false);
        SettingsFiles.restoreMode(file.file(), file.mode());
        out.println(
            "  restored "
                + file.file()
                + " as it was before setup, byte for byte"
                + (file.mode() == null ? "" : ", mode " + file.mode()));
      } else {
        out.println("  unchanged " + file.file() + " (it was already as setup would write it)");
      }
      return true;
    }
    try {
      SettingsMerge.Removed removed =
          SettingsMerge.remove(file.format(), file.file().toString(), current, file.additions());
      if (file.created() && isEmptyObject(removed.content())) {
        SettingsFiles.delete(file.file());
        out.println("  removed " + file.file() + " (setup had created it; nothing else is in it)");
      } else if (!Arrays.equals(removed.content(), current)) {
        SettingsFiles.write(file.file(), removed.content(), false);
        SettingsFiles.restoreMode(file.file(), file.mode());
        out.println(
            "  took setup's entries out of "
                + file.file()
                + " (it changed since; the rest is kept)");
      }
      for (String left : removed.left()) {
        out.println("  left in " + file.file() + ": " + left);
      }
    } catch (SettingsMerge.Refused e) {
      err.println("gateway setup: refused: " + e.getMessage());
      return false;
    }
    return true;
  }

  private static boolean isEmptyObject(byte[] content) {
    try {
      return SettingsMerge.parseObject("", content).isEmpty();
    } catch (SettingsMerge.Refused e) {
      return false;
    }
  }
}
