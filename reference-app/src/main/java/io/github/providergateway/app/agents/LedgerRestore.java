package io.github.providergateway.app.agents;

import io.github.providergateway.app.home.SetupLedger;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
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
   * @return what the ledger keeps recording of it: null when setup's entries are all gone from it;
   *     the entries left in it (named on {@code out}, with what to do); the whole record, after
   *     saying why on {@code err}, when the file could not be parsed any more
   * @throws IOException when the file or its backup cannot be read or written
   */
  static SetupLedger.FileRecord takeBack(
      SetupLedger.FileRecord file, PrintStream out, PrintStream err) throws IOException {
    byte[] current = SettingsFiles.read(file.file());
    if (current == null) {
      out.println("  gone already: " + file.file());
      return null;
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
      return null;
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
      for (String said : removed.said()) {
        out.println("  " + file.file() + ": " + said);
      }
      for (String left : removed.left()) {
        out.println("  left in " + file.file() + ": " + left);
      }
      if (removed.kept().isEmpty()) {
        return null;
      }
      return new SetupLedger.FileRecord(
          file.file(),
          file.format(),
          file.created(),
          file.backup(),
          file.written(),
          removed.kept(),
          file.mode());
    } catch (SettingsMerge.Refused e) {
      err.println("gateway setup: refused: " + e.getMessage());
      return file;
    }
  }

  /**
   * Removes the folders setup made for {@code setup}'s files ({@link SetupLedger#MADE}) that are
   * empty now, deepest first, and forgets them; one that holds anything stays recorded, for {@code
   * gateway uninstall}.
   */
  static void takeMadeFolders(SetupLedger ledger, SetupLedger.Setup setup, PrintStream out)
      throws IOException {
    for (SetupLedger.FileRecord file : setup.files()) {
      Path folder = file.file().toAbsolutePath().normalize().getParent();
      while (folder != null && ledger.isMade(folder) && removedIfEmpty(folder, out)) {
        ledger.forgetMade(folder);
        folder = folder.getParent();
      }
    }
  }

  /** Removes {@code folder} when it is empty; whether it is gone (or was no folder). */
  private static boolean removedIfEmpty(Path folder, PrintStream out) throws IOException {
    if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
      return true;
    }
    try {
      Files.delete(folder);
    } catch (DirectoryNotEmptyException used) {
      return false;
    }
    out.println("  removed " + folder + " (setup had made it; nothing else is in it)");
    return true;
  }

  /**
   * Keeps recording of {@code setup} only {@code left}, what its files still hold (the backups of
   * the files taken back whole are deleted), and says so: a later {@code --remove} takes the rest
   * once the person fixed what was said.
   */
  static void keepLeft(
      SetupLedger ledger,
      SetupLedger.Setup setup,
      java.util.List<SetupLedger.FileRecord> left,
      PrintStream err)
      throws IOException {
    for (SetupLedger.FileRecord file : setup.files()) {
      boolean recorded = left.stream().anyMatch(l -> l.file().equals(file.file()));
      if (!recorded && file.backup() != null && ledger.isBackup(file.backup())) {
        Files.deleteIfExists(file.backup());
      }
    }
    ledger.put(
        new SetupLedger.Setup(
            setup.agent(), setup.scope(), setup.project(), setup.hookClient(), left));
    ledger.write();
    err.println(
        "gateway setup: what is left of "
            + setup.describe()
            + " stays recorded (gateway setup --list names it): fix it as said above, then run"
            + " --remove again to take the rest");
  }

  private static boolean isEmptyObject(byte[] content) {
    try {
      return SettingsMerge.parseObject("", content).isEmpty();
    } catch (SettingsMerge.Refused e) {
      return false;
    }
  }
}
