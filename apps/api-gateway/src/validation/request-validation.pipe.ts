import { ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import type { ValidationError, ValidatorOptions } from 'class-validator';
import { ErrorCode } from '@sdd/contracts';
import { AppError, passesValidation, validationErrorToAppError } from '@sdd/common';
import { bodyProblemError, findBodyProblem } from '../json-body/json-body.inspector';

/**
 * Path and query parameters reach the database too, and `%00` decodes to NUL:
 * the body's text rule holds for them, named by the parameter (`deliveryId`).
 */
function refuseIllFormedText(value: unknown, name: string | undefined): void {
  const problem = findBodyProblem(name === undefined ? value : { [name]: value });
  if (problem?.kind === 'ill_formed_text') throw bodyProblemError(problem);
}

/**
 * Validates every body and query against its DTO class: unknown fields are
 * refused, values are converted to the DTO's types, errors name the field.
 */
@Injectable()
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      stopAtFirstError: true,
      validationError: { target: false, value: true },
      exceptionFactory: validationErrorToAppError,
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param' || metadata.type === 'query') refuseIllFormedText(value, metadata.data);
    // A POST without a body is a body with no fields: optional-only bodies (key roll, advance) may be left out.
    if (metadata.type === 'body' && value === undefined) return super.transform({}, metadata);
    if (metadata.type === 'body' && this.toValidate(metadata) && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'The request body must be a JSON object.');
    }
    return super.transform(value, metadata);
  }

  /** A valid value is recognised without class-validator's error objects; any other gets the full validation and its wording. */
  protected override validate(object: object, options?: ValidatorOptions): Promise<ValidationError[]> | ValidationError[] {
    return passesValidation(object, options) ? [] : super.validate(object, options);
  }
}
