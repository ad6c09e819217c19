package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A test database on this machine, which test suites drop and create again as a matter of course
 * ({@code dropdb --if-exists app_test && createdb app_test}, Rails' and Django's test databases):
 * its name says it is a test's ({@code app_test}, {@code test_app}, {@code test}), and no host
 * other than this machine is named. Any other database's drop stays {@code db.drop}.
 */
final class TestDatabases {
  private static final Pattern TEST_NAME =
      Pattern.compile("(?i)test|test_[a-z0-9_]+|[a-z0-9_-]+[_-]test(?:_\\d+)?");

  private static final List<String> LOCAL_HOSTS = List.of("localhost", "127.0.0.1", "::1");

  private TestDatabases() {}

  /** {@return whether {@code step}, a {@code dropdb}, drops a test database of this machine} */
  static boolean isLocalTestDatabase(Step step) {
    Argv argv = Argv.of(step.args(), "hpUd", "host", "port", "username", "maintenance-db");
    String host = argv.value('h') != null ? argv.value('h') : argv.value("host");
    if (host != null && !LOCAL_HOSTS.contains(host) && !host.startsWith("/")) {
      return false; // a server elsewhere; a socket's folder is this machine
    }
    List<Word> names = argv.positionals();
    return names.size() == 1
        && names.get(0).literal()
        && TEST_NAME.matcher(names.get(0).text()).matches();
  }
}
