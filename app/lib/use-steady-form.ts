import { type BaseSyntheticEvent, useEffect, useRef } from 'react';
import {
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  useForm,
  type UseFormHandleSubmit,
  type UseFormProps,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';

/** How long a press may last before a held-back check runs anyway (a press that never became a click). */
const PRESS_LIMIT_MS = 600;

/**
 * Every form of the shop: a field is checked when it is left, then on every change (react-hook-form's onTouched).
 *
 * Leaving a field by pressing a button would otherwise show that field's error between the press and the release,
 * move the button down under the pointer and lose the click (tried in Chromium on /contact). So a field left while
 * a pointer is pressed is checked only after that press has become a click, or after PRESS_LIMIT_MS: the submit
 * then checks every field at once and nothing moves before the click lands.
 *
 * A submit while the form's last one is still being handled does nothing: the second press of a double click came
 * before `isSubmitting` had disabled anything, and an admin's double click on 'Add Product' made the product twice.
 */
export function useSteadyForm<TFieldValues extends FieldValues, TContext = unknown, TTransformed = TFieldValues>(
  props: Omit<UseFormProps<TFieldValues, TContext, TTransformed>, 'mode'>,
): UseFormReturn<TFieldValues, TContext, TTransformed> {
  const form = useForm<TFieldValues, TContext, TTransformed>({ ...props, mode: 'onTouched' });
  const pressed = useRef(false);
  const heldBack = useRef<Array<() => void>>([]);

  useEffect(() => {
    let limit: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      clearTimeout(limit);
      pressed.current = false;
      const checks = heldBack.current.splice(0);
      // After the click's own handlers (the submit), not before them.
      if (checks.length) setTimeout(() => checks.forEach((check) => check()), 0);
    };
    const press = () => {
      pressed.current = true;
      clearTimeout(limit);
      limit = setTimeout(release, PRESS_LIMIT_MS);
    };
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('click', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      clearTimeout(limit);
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('click', release, true);
      document.removeEventListener('pointercancel', release, true);
    };
  }, []);

  const register: UseFormRegister<TFieldValues> = (name, options) => {
    const field = form.register(name, options);
    return {
      ...field,
      onBlur: (event) => {
        if (!pressed.current) return field.onBlur(event);
        heldBack.current.push(() => void field.onBlur(event));
        return Promise.resolve();
      },
    };
  };

  const submitting = useRef(false);
  const handleSubmit: UseFormHandleSubmit<TFieldValues, TTransformed> = <TResult>(
    onValid: SubmitHandler<TTransformed, TResult>,
    onInvalid?: SubmitErrorHandler<TFieldValues>,
  ) => {
    const run = form.handleSubmit(onValid, onInvalid);
    return async (event?: BaseSyntheticEvent): Promise<Awaited<TResult> | undefined> => {
      event?.preventDefault?.();
      if (submitting.current) return undefined;
      submitting.current = true;
      try {
        return await run(event);
      } finally {
        submitting.current = false;
      }
    };
  };

  return { ...form, register, handleSubmit };
}
