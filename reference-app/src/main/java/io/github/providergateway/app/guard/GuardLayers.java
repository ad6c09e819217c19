package io.github.providergateway.app.guard;

import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.PlainRule;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The guard's layers below a project's file (issue 66, docs/guard.md "Layers"): the built-in rules,
 * then the organisation's policy, then the person's settings, then (per call) the project's file.
 * With no organisation layer ({@link OrgLayer.None}) the person's settings are the base, as they
 * were. With one, the organisation's settings are the base ({@link Guard#create}) and the person's
 * are taken as a project's file is: they can only tighten, so their {@code off} preset, a preset
 * lower than the base's, their allow list and their allow rules are left out, each with a problem.
 * The person's remaining rules and the project's file tighten the base together ({@link
 * Guard#tightenedBy}).
 *
 * @param base the guard of the base settings
 * @param tightening the person's settings as a tightening, or null when the person's are the base
 * @param guard the guard of a call with no project: the base, tightened by the person's
 */
record GuardLayers(Guard base, GuardSettings tightening, Guard guard) {

  /** The rule that denies every call while no good policy is in force under {@code deny}. */
  static final String POLICY_MISSING = "policy.missing";

  /**
   * The layers of {@code org} and the person's settings on {@code environment}; what of the
   * person's is left out goes to {@code problems}, a line each.
   */
  static GuardLayers of(
      OrgLayer org, GuardSettings person, GuardEnvironment environment, Consumer<String> problems) {
    GuardSettings base = org.base();
    if (base == null) {
      Guard guard = Guard.create(person, environment);
      return new GuardLayers(guard, null, guard);
    }
    Guard baseGuard = Guard.create(base, environment);
    GuardSettings tightening = tightening(person, base.preset(), org.label(), problems);
    return new GuardLayers(baseGuard, tightening, baseGuard.tightenedBy(tightening));
  }

  /** {@return the guard of a call in a project whose file says {@code project}} */
  Guard withProject(GuardSettings project) {
    if (tightening == null) {
      return base.tightenedBy(project);
    }
    List<PlainRule> rules = new ArrayList<>(project.rules());
    rules.addAll(tightening.rules());
    GuardPreset preset =
        project.preset().compareTo(tightening.preset()) > 0
            ? project.preset()
            : tightening.preset();
    return base.tightenedBy(new GuardSettings(preset, rules, List.of(), project.problems()));
  }

  /** The person's settings as a tightening of a base whose preset is {@code floor}. */
  private static GuardSettings tightening(
      GuardSettings person, GuardPreset floor, String layer, Consumer<String> problems) {
    String why =
        " (left out: the organisation's layer, "
            + layer
            + ", is in force; a person's"
            + " settings can only tighten it)";
    GuardPreset preset = person.preset();
    if (preset == GuardPreset.OFF) {
      problems.accept("guard.preset: off" + why);
    } else if (preset.compareTo(floor) < 0) {
      problems.accept(
          "guard.preset: " + preset.wireName() + " is lower than " + floor.wireName() + why);
      preset = GuardPreset.OFF;
    }
    for (PlainRule allowed : person.allow()) {
      problems.accept("guard.allow '" + allowed.id() + "'" + why);
    }
    List<PlainRule> rules = new ArrayList<>();
    for (PlainRule rule : person.rules()) {
      if (rule.action() == GuardVerdict.Outcome.ALLOW) {
        problems.accept("guard.rules '" + rule.id() + "': an allow" + why);
      } else {
        rules.add(rule);
      }
    }
    return new GuardSettings(preset, rules, List.of(), List.of());
  }
}
