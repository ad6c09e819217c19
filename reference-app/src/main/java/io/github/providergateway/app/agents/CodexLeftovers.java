package io.github.providergateway.app.agents;

import io.github.providergateway.app.home.SetupLedger;
import io.github.providergateway.app.home.ShellWords;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What Codex's sandbox leaves in the person's folders under the gateway's permission profile (issue
 * 77, decision 0085), found by what Codex makes and nothing else, for {@code gateway doctor} to
 * name and {@code gateway uninstall} to take:
 *
 * <ul>
 *   <li>at a {@code "none"} path that did not exist inside a writable root, an empty read-only
 *       ({@code 0444}) file to mount over, and the missing folders above it ({@code 0700}, below
 *       the user's home): {@code ~/.aws}, {@code ~/.docker/config.json}… (Codex 0.169.0 and
 *       0.171.0, with a home under {@code /tmp}). Setup no longer writes such a path; an older
 *       setup's are found here;
 *   <li>in each writable root, empty folders named {@link #IN_WRITABLE_ROOTS}, made to hold them
 *       read-only: the same versions leave them in the project, {@code ~/.cache}, {@code /tmp}…
 *       They come back with Codex's next runs: no profile that gives a folder write avoids them.
 * </ul>
 *
 * <p>Only empty ones: a folder with anything in it, a file with a byte in it or another mode is the
 * person's, and stays.
 */
public final class CodexLeftovers {

  /** The folders Codex makes in a writable root (seen with 0.169.0 and 0.171.0). */
  static final List<String> IN_WRITABLE_ROOTS = List.of(".git", ".codex", ".agents", ".aws");

  /** The mode of the files Codex makes at a missing denied path: read-only for all. */
  private static final int READ_ONLY = 0444;

  /** The mode of the folders Codex makes above such a file: the owner's alone. */
  private static final int OWNER_ONLY = 0700;

  private CodexLeftovers() {}

  /**
   * Codex's leftovers for the profile of {@code config} (a {@code config.toml}'s text, its {@code
   * default_permissions} profile), deepest first.
   *
   * @param config the text of Codex's {@code config.toml}
   * @param userHome the user's home: folders above a leftover file are Codex's only below it
   * @param projects writable roots the profile names as {@code :workspace_roots}, to look in too
   * @return the leftovers, empty when the file names no profile
   */
  public static List<Path> survey(String config, Path userHome, List<Path> projects) {
    String profile = SettingsMerge.rootValue(config, "default_permissions");
    if (profile == null) {
      return List.of();
    }
    Set<Path> found = new LinkedHashSet<>();
    List<Path> roots = new ArrayList<>(projects);
    for (String[] entry : SandboxDoctor.profileEntries(config, profile.replace("\"", ""))) {
      if (!entry[0].startsWith("/")) {
        continue;
      }
      Path path = Path.of(entry[0]);
      if (entry[1].equals("none") && emptyFile(path)) {
        found.add(path);
        for (Path up = path.getParent();
            up != null && up.startsWith(userHome) && !up.equals(userHome) && holdsOnly(up, found);
            up = up.getParent()) {
          found.add(up);
        }
      } else if (entry[1].equals("write")) {
        roots.add(path);
      }
    }
    for (Path root : roots) {
      for (String name : IN_WRITABLE_ROOTS) {
        Path made = root.resolve(name);
        if (Files.isDirectory(made, LinkOption.NOFOLLOW_LINKS) && holdsOnly(made, found)) {
          found.add(made);
        }
      }
    }
    return found.stream().sorted(Comparator.comparing(Path::getNameCount).reversed()).toList();
  }

  /**
   * Codex's leftovers for the profile of the {@code config.toml} at {@code file}; none when it
   * cannot be read.
   */
  public static List<Path> survey(Path file, Path userHome, List<Path> projects) {
    return survey(SandboxDoctor.toml(file), userHome, projects);
  }

  /**
   * Codex's leftovers for every Codex setup {@code ledger} records: those of the profile in each
   * {@code config.toml} it wrote to, and in the setup's project. Read before the setups are taken
   * back, which removes the profile that names where to look.
   *
   * @param ledger the home's ledger
   * @param userHome the user's home
   * @return the leftovers, deepest first
   */
  public static List<Path> ofSetups(SetupLedger ledger, Path userHome) {
    Set<Path> found = new LinkedHashSet<>();
    for (SetupLedger.Setup setup : ledger.all()) {
      if (!setup.agent().equals("codex")) {
        continue;
      }
      List<Path> projects = setup.project() == null ? List.of() : List.of(setup.project());
      for (SetupLedger.FileRecord file : setup.files()) {
        if (file.file().getFileName().toString().equals("config.toml")) {
          found.addAll(survey(file.file(), userHome, projects));
        }
      }
    }
    return found.stream().sorted(Comparator.comparing(Path::getNameCount).reversed()).toList();
  }

  /**
   * Removes {@code found} (from {@link #survey}), deepest first, each only while it is still empty;
   * {@return what was removed}
   */
  public static List<Path> take(List<Path> found) {
    List<Path> removed = new ArrayList<>();
    for (Path path : found) {
      try {
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) || emptyFile(path)) {
          // A folder is deleted only when empty: one that got a file since stays.
          Files.delete(path);
          removed.add(path);
        }
      } catch (IOException e) {
        // Left as it is; the doctor names it again.
      }
    }
    return removed;
  }

  /** One line for a person: what to run to remove {@code found} by hand. */
  public static String howToRemove(List<Path> found) {
    List<String> words = new ArrayList<>();
    found.forEach(path -> words.add(ShellWords.quote(path.toString())));
    return "rm -d " + String.join(" ", words) + " (or gateway uninstall, which takes them)";
  }

  /** An empty read-only regular file, as Codex makes at a missing {@code "none"} path. */
  private static boolean emptyFile(Path path) {
    try {
      return Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)
          && Files.size(path) == 0
          && mode(path) == READ_ONLY;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * Whether {@code folder} holds nothing but {@code found} (a folder above a leftover file must be
   * Codex's {@code 0700} too; one in a writable root is checked by its name).
   */
  private static boolean holdsOnly(Path folder, Set<Path> found) {
    try (Stream<Path> children = Files.list(folder)) {
      boolean onlyFound = children.allMatch(found::contains);
      return onlyFound
          && (found.stream().noneMatch(p -> folder.equals(p.getParent()))
              || mode(folder) == OWNER_ONLY);
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return false;
    }
  }

  /** The permission bits of {@code path}, not following a link. */
  private static int mode(Path path) throws IOException {
    return (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0777;
  }
}
