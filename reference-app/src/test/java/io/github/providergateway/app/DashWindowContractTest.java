package io.github.providergateway.app;

import java.util.List;

/** The window contract for the shell window under dash, Debian's /bin/sh. */
class DashWindowContractTest extends ShellWindowContract {
  @Override
  List<String> shell() {
    return List.of("dash");
  }
}
