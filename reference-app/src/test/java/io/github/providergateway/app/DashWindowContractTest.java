package io.github.providergateway.app;

import java.util.List;
import org.junit.jupiter.api.Tag;

/** The window contract for the shell window under dash, Debian's /bin/sh. */
@Tag("process")
class DashWindowContractTest extends ShellWindowContract {
  @Override
  List<String> shell() {
    return List.of("dash");
  }
}
