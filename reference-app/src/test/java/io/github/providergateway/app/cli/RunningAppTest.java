package io.github.providergateway.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.Main;
import org.junit.jupiter.api.Test;

/**
 * The main class's name that the service's unit and the detached gateway's command line run: a
 * string, so that they need not read {@link Main}, which must stay the name of the class that is.
 */
class RunningAppTest {

  @Test
  void theMainClassNamedIsTheAppsMain() {
    assertThat(RunningApp.MAIN_CLASS).isEqualTo(Main.class.getName());
  }
}
