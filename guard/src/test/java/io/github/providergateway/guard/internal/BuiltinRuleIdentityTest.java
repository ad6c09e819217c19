package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.RecordComponent;
import java.lang.runtime.ObjectMethods;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link BuiltinRule}'s written-out {@code equals} and {@code hashCode} are the record's own: the
 * same answers as {@code ObjectMethods} links for a record of its components, for every rule of the
 * book and for rules that differ in one component, so that no set or map of rules changes order.
 */
class BuiltinRuleIdentityTest {
  @Test
  void everyRuleOfTheBookHashesAsTheRecordWould() throws Throwable {
    MethodHandle recordHash = recordMethod("hashCode");
    for (BuiltinRule rule : Catalogue.all()) {
      assertThat(rule.hashCode()).as(rule.id()).isEqualTo((int) recordHash.invoke(rule));
    }
  }

  @Test
  void rulesAreEqualAsTheRecordWouldSay() throws Throwable {
    MethodHandle recordEquals = recordMethod("equals");
    BuiltinRule rule = BuiltinRule.of("fs.a", "fs", "DA-", "deletes", "keep it");
    List<Object> others =
        new ArrayList<>(
            List.of(
                rule,
                BuiltinRule.of("fs.a", "fs", "DA-", "deletes", "keep it"),
                BuiltinRule.of("fs.b", "fs", "DA-", "deletes", "keep it"),
                BuiltinRule.of("fs.a", "git", "DA-", "deletes", "keep it"),
                BuiltinRule.of("fs.a", "fs", "DD-", "deletes", "keep it"),
                BuiltinRule.of("fs.a", "fs", "DA-", "writes", "keep it"),
                BuiltinRule.of("fs.a", "fs", "DA-", "deletes", null),
                BuiltinRule.catastrophic("fs.a", "fs", "deletes", "keep it"),
                rule.denyingWithoutSession(),
                "fs.a"));
    others.add(null);
    for (Object other : others) {
      assertThat(rule.equals(other))
          .as(String.valueOf(other))
          .isEqualTo((boolean) recordEquals.invoke(rule, other));
      if (other instanceof BuiltinRule same && rule.equals(same)) {
        assertThat(same.hashCode()).isEqualTo(rule.hashCode());
      }
    }
    BuiltinRule noInstead = BuiltinRule.of("fs.a", "fs", "DA-", "deletes", null);
    assertThat(noInstead.hashCode()).isEqualTo((int) recordMethod("hashCode").invoke(noInstead));
  }

  /** The method a record of {@link BuiltinRule}'s components would have had. */
  private static MethodHandle recordMethod(String name) throws Throwable {
    MethodHandles.Lookup lookup =
        MethodHandles.privateLookupIn(BuiltinRule.class, MethodHandles.lookup());
    List<String> names = new ArrayList<>();
    List<MethodHandle> getters = new ArrayList<>();
    for (RecordComponent component : BuiltinRule.class.getRecordComponents()) {
      names.add(component.getName());
      getters.add(lookup.unreflectGetter(BuiltinRule.class.getDeclaredField(component.getName())));
    }
    Object method =
        ObjectMethods.bootstrap(
            lookup,
            name,
            MethodHandle.class,
            BuiltinRule.class,
            String.join(";", names),
            getters.toArray(MethodHandle[]::new));
    return (MethodHandle) method;
  }
}
