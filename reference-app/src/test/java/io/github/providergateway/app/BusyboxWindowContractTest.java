package io.github.providergateway.app;

import java.util.List;
import org.junit.jupiter.api.Tag;

/** The window contract for the shell window under busybox sh (Alpine's, small images'). */
@Tag("process")
class BusyboxWindowContractTest extends ShellWindowContract {
  @Override
  List<String> shell() {
    return List.of("busybox", "sh");
  }
}
