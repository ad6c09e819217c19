package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A program named for the test data it writes rather than for a test's place (round 67: {@code
 * TDESK_ENV=live ./scripts/dev/seed_fixtures.sh --bookings 200}): its name's only test word is the
 * data ({@code fixtures}), so a call that names production runs it there and writes that data among
 * the live records; a name that says test or development otherwise ({@code test_connection.sh},
 * {@code dev-seed}) still names a test's place (decision 154's excuse, {@link ProductionActs}).
 */
final class FixturesNamed {
  private FixturesNamed() {}

  /** The test words of a name that are data written, not a place. */
  private static final Set<String> DATA = NameSet.of("fixture", "fixtures");

  /**
   * Whether the program's name holds a test word only as the data it writes.
   *
   * @param program the program's name ({@code seed_fixtures.sh})
   * @return whether its test words are all {@link #DATA}
   */
  static boolean only(String program) {
    if (program.length() > 128) {
      return false;
    }
    int dot = program.indexOf('.');
    String name = (dot > 0 ? program.substring(0, dot) : program).toLowerCase(Locale.ROOT);
    List<String> rest = new ArrayList<>();
    boolean data = false;
    for (String part : ServiceVerbs.split(name)) {
      if (DATA.contains(part)) {
        data = true;
      } else {
        rest.add(part);
      }
    }
    return data && !Environments.testName(String.join("-", rest));
  }
}
