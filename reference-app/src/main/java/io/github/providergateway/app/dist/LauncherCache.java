package io.github.providergateway.app.dist;

import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.loop.base.SafeFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The launchers' cache, {@code ${XDG_CACHE_HOME:-~/.cache}/provider-gateway} ({@code
 * XDG_CACHE_HOME} counts only when absolute, as the launchers read it), by the names the launchers
 * give what they write there (issue 62: 79 MB of it, and abandoned training files, stayed after
 * {@code gateway uninstall}):
 *
 * <ul>
 *   <li>a clone's {@code ./gateway}: the owner-only copies of the jar it runs, {@code
 *       provider-gateway-<mtime>-<size>.jar} (and {@code .jar.<pid>} while one is copied), and
 *       their class-data archives or AOT caches, {@code
 *       provider-gateway-<mtime>-<size>-<runtime>[-agents].jsa|.aot};
 *   <li>the archive's {@code bin/gateway}: {@code provider-gateway-<jar
 *       hash>-<installation>-agents|main.jsa|.aot};
 *   <li>what a training run of either leaves when stopped half-way: its draft {@code <cache>.<pid>}
 *       and the JDK's {@code <draft>.config} ({@link ClassDataCache#sideFile}), its lock {@code
 *       <cache>.training} (a folder) and its gateway's home, {@code training.<pid>}.
 * </ul>
 *
 * Anything else there is not the gateway's, and stays.
 */
public final class LauncherCache {

  /** The cache's folder in {@code XDG_CACHE_HOME}. */
  static final String DIR = "provider-gateway";

  private static final Pattern WRITTEN =
      Pattern.compile(
          "provider-gateway-[0-9a-f]+(-[0-9]+)*(-agents|-main)?\\.(jar|jsa|aot)"
              + "(\\.[0-9]+(\\.config)?|\\.training)?"
              + "|training\\.[0-9]+");

  private LauncherCache() {}

  /** {@return the cache's folder for the user of {@code env}} */
  public static Path folder(Map<String, String> env) {
    String xdg = env.get("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isEmpty() && Path.of(xdg).isAbsolute()) {
      return Path.of(xdg, DIR);
    }
    return HomeDirectory.userHome(env).resolve(".cache").resolve(DIR);
  }

  /** {@return whether a launcher writes a file of this name in the cache} */
  static boolean writtenByLauncher(String name) {
    return WRITTEN.matcher(name).matches();
  }

  /**
   * What is in {@code folder}: the launchers' files to remove, the rest kept. A cache that is a
   * link (the launchers make a folder) or another user's is kept whole, nothing looked at in it.
   *
   * @param folder the cache's folder ({@link #folder})
   * @return what is there; empty when there is no such folder
   * @throws IOException when it cannot be read
   */
  public static List<Leftover> survey(Path folder) throws IOException {
    List<Leftover> found = new ArrayList<>();
    if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
      return found;
    }
    if (Files.isSymbolicLink(folder)) {
      found.add(Leftover.keep(folder, "a link, not the folder the launchers make; not followed"));
      return found;
    }
    if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
      found.add(Leftover.keep(folder, "not a folder, which the launchers make there"));
      return found;
    }
    if (!SafeFiles.ownedByThisUser(folder)) {
      found.add(Leftover.keep(folder, "another user's"));
      return found;
    }
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.sorted().toList()) {
        found.add(
            writtenByLauncher(file.getFileName().toString())
                ? Leftover.remove(file)
                : Leftover.keep(file, "not a file the gateway's launchers write"));
      }
    }
    return found;
  }
}
