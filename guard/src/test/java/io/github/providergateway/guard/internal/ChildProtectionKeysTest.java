package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Children's protection switched off in an app's code or settings is a protection turned off (issue
 * 80, round 61): an ad SDK's child-directed tag forced false, in a builder's call with an enum's
 * value too. A tree's child nodes, a graph's direction, the tag switched on are not.
 */
class ChildProtectionKeysTest {
  private static final String OFF = "safeguards.protection-off";

  @Test
  void aChildDirectedTagForcedOffIsAsked() {
    assertThat(
            StandardCalls.editRule(
                "Assets/Scripts/Ads/AdsInit.cs",
                "  .SetTagForChildDirectedTreatment(u.IsUnderAge ? Tag.True : Tag.False)",
                "  .SetTagForChildDirectedTreatment(TagForChildDirectedTreatment.False)"))
        .isEqualTo(OFF);
    assertThat(
            StandardCalls.editRule(
                "config/ads.yaml",
                "tag_for_under_age_of_consent: true",
                "tag_for_under_age_of_consent: false"))
        .isEqualTo(OFF);
    assertThat(StandardCalls.editRule("src/coppa.js", "x", "coppaCompliant: false,"))
        .isEqualTo(OFF);
  }

  @Test
  void otherChildrenAndTheTagSwitchedOnAreNot() {
    assertThat(
            StandardCalls.editRule(
                "src/tree.js", "showChildNodes: true,", "showChildNodes: false,"))
        .isEqualTo("allow");
    assertThat(StandardCalls.editRule("src/graph.js", "x", "graph.setDirected(false);"))
        .isEqualTo("allow");
    assertThat(
            StandardCalls.editRule(
                "src/Ads.cs",
                "x",
                ".SetTagForChildDirectedTreatment(TagForChildDirectedTreatment.True)"))
        .isEqualTo("allow");
  }
}
