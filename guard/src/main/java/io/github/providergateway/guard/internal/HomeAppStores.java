package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * An application's own database kept in a folder of the home the person made for it (issue 80 round
 * 75, decision 334): {@code ~/HerdPro/herd.db}, {@code ~/farm/nvz.db}, {@code
 * /home/ana/Salon/bookings.sqlite}. A farm's herd software, a clinic's or a salon's bookkeeping
 * keep their live records there, often the only copy, beside no code; {@link PersonsPlaces} reads
 * the desktop's own folders and the applications' data folders, this the folders a program or its
 * user chose.
 *
 * <p>Not read here, so that this never meets what the rules call local test data ({@link
 * Environments#localTestData}: a file of the project or {@code /tmp} whose name says test or
 * development): a path with any part that says test, development, scratch or a fixture ({@link
 * Environments#testName}); a file in a code tree ({@code ~/src}, {@code ~/projects/x}, a folder of
 * a build or a virtual environment), which is a developer's database of their own program; the
 * downloads folder, the caches and the trash; a file that is not a database by its name; a hidden
 * folder of a tool ({@code ~/.lighthouse}, whose slashing protection {@code chain.*} reads), the
 * applications' data folders being {@link PersonsPlaces}'s.
 */
final class HomeAppStores {
  private HomeAppStores() {}

  /** A database file by its name. */
  private static final Pattern STORE =
      Pattern.compile("(?i)\\.(?:db|sqlite|sqlite3|db3|duckdb|mdb|accdb|fdb|gdb)$");

  /**
   * Whether a path below a home, as {@link PersonsPlaces} gives it ({@code HerdPro/herd.db}), is an
   * application's own database in a folder of the person's.
   *
   * @param belowHome the path below the home, without a leading slash
   * @return whether it is
   */
  static boolean holds(String belowHome) {
    return PatternLiterals.finds(STORE, belowHome.substring(belowHome.lastIndexOf('/') + 1))
        && PersonsMadeFolders.holds(belowHome);
  }
}
