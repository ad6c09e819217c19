package io.github.providergateway.app;

import java.util.List;

/** The window contract for the shell window under busybox sh (Alpine's, small images'). */
class BusyboxWindowContractTest extends ShellWindowContract {
  @Override
  List<String> shell() {
    return List.of("busybox", "sh");
  }
}
