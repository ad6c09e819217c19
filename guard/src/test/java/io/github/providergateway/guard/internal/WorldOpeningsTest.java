package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@link WorldOpenings} reads of an edit beyond the book's examples (decision 146): the
 * address and the port of one rule, an edit's unchanged context, an egress rule, comments, a value
 * read by name from the environment.
 */
class WorldOpeningsTest {
  private static final List<String> TF = List.of("/work/project/infra/main.tf");

  @Test
  void anAddressForEveryoneIsAnOpeningOnlyBesideAPortOfAdministrationInItsOwnRule() {
    String web =
        String.join(
            "\n",
            "resource \"aws_security_group_rule\" \"https\" {",
            "  type        = \"ingress\"",
            "  from_port   = 443",
            "  to_port     = 443",
            "  cidr_blocks = [\"0.0.0.0/0\"]",
            "}");
    assertThat(WorldOpenings.opened("", web, TF)).isNull();
    assertThat(WorldOpenings.opened("", web.replace("443", "6379"), TF))
        .startsWith("port 6379 opened to everyone");
    assertThat(WorldOpenings.opened("", web.replace("443", "22").replace("0.0.0.0/0", "::/0"), TF))
        .as("IPv6's everyone")
        .startsWith("port 22");
  }

  @Test
  void anEgressRuleToEveryoneOpensNothing() {
    String out =
        String.join(
            "\n",
            "  egress {",
            "    from_port   = 0",
            "    to_port     = 5432",
            "    cidr_blocks = [\"0.0.0.0/0\"]",
            "  }");
    assertThat(WorldOpenings.opened("", out, TF)).isNull();
  }

  @Test
  void aLineTheEditLeavesAsItWasIsNotWhatItAdds() {
    String rule = "  from_port = 22\n  cidr_blocks = [\"0.0.0.0/0\"]";
    assertThat(WorldOpenings.opened(rule, rule + "\n  description = \"ssh\"", TF))
        .as("the address was there before the edit")
        .isNull();
    assertThat(WorldOpenings.opened("", "# never \"Principal\": \"*\"", TF))
        .as("a comment")
        .isNull();
  }

  @Test
  void aSettingTurnedOffIsNotOneTurnedOn() {
    List<String> sshd = List.of("/work/project/ops/sshd_config");
    assertThat(WorldOpenings.opened("PermitRootLogin yes", "PermitRootLogin no", sshd)).isNull();
    assertThat(WorldOpenings.opened("PermitRootLogin no", "PermitRootLogin yes", sshd))
        .contains("PermitRootLogin yes");
    assertThat(
            WorldOpenings.opened("block_public_policy = false", "block_public_policy = true", TF))
        .isNull();
  }
}
