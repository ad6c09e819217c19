package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.AgentForms;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Every agent the gateway guards has its row in the guard's table of agents' forms (issue 79: an
 * agent's footprint is one row the guard, the person's commands and the hooks all read), and the
 * row agrees with the agent's dialect: the same id, the dialect's binary among the row's programs,
 * its npm package among the row's packages, its name for a person the row's (the dialect reads all
 * of these from its row in the guard's agents.json since issue 79). A new agent without its row
 * fails here, not in an agent's shell where its commands would go unrecognised; that nothing else
 * restates the row is the app's AgentFootprintOnePlaceTest.
 */
class AgentFootprintRowTest {

  @Test
  void everyAgentKindHasItsRowAndTheRowAgreesWithItsDialect() {
    assertThat(AgentKind.values())
        .allSatisfy(
            kind -> {
              AgentDialect dialect = kind.dialect();
              Optional<AgentForms.Agent> row =
                  AgentForms.all().stream().filter(a -> a.id().equals(dialect.id())).findFirst();
              assertThat(row).as("AgentForms' row of %s", dialect.id()).isPresent();
              assertThat(dialect.displayName())
                  .as("%s's name", dialect.id())
                  .isEqualTo(row.get().displayName())
                  .isEqualTo(kind.displayName());
              assertThat(row.get().programs())
                  .as("%s's programs", dialect.id())
                  .contains(dialect.binary())
                  .containsAll(dialect.programs());
              dialect
                  .npmPackage()
                  .ifPresent(
                      npm ->
                          assertThat(row.get().npmPackages())
                              .as("%s's npm packages", dialect.id())
                              .contains(npm));
            });
  }
}
